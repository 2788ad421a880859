import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeviceFixture, deviceWithCapsules } from '../../test/device-fixture.ts';
import { publishedQuizFixture, walkEvents } from '../../test/quiz-sessions-fixture.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

const TOKEN = 'metrics-token-for-the-test-0123456789';

/** The value of one series in a Prometheus text answer (`undefined` when the series is absent). */
function seriesValue(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const hasLabels = Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`));
    if (hasLabels) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

describe('GET /metrics behind METRICS_TOKEN', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => ctx.close());

  const scrape = (token = TOKEN) =>
    ctx.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });

  it('refuses a scrape without the token or with another one', async () => {
    const bare = await ctx.app.inject({ method: 'GET', url: '/metrics' });
    expect(bare.statusCode).toBe(401);
    expect(bare.headers['www-authenticate']).toBe('Bearer');
    expect((await scrape(`${TOKEN}x`)).statusCode).toBe(401);
    expect((await scrape(TOKEN.slice(0, -1))).statusCode).toBe(401);
  });

  it('counts requests by route pattern and status, never by raw URL', async () => {
    const account = await ctx.createAccount();
    const admin = await ctx.signIn(account.email, account.password);
    for (const id of [101, 102, 103]) {
      const answer = await ctx.app.inject({
        method: 'GET',
        url: `/api/categories/${id}`,
        headers: { authorization: `Bearer ${admin.token}` },
      });
      expect(answer.statusCode).toBe(404);
    }
    await ctx.app.inject({ method: 'GET', url: '/api/no-such-route/42' });
    const answer = await scrape();
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = answer.body;
    const labels = { method: 'GET', route: '/api/categories/:id', status: '404' };
    expect(seriesValue(text, 'scentia_http_requests_total', labels)).toBe(3);
    expect(seriesValue(text, 'scentia_http_request_duration_seconds_count', labels)).toBe(3);
    expect(seriesValue(text, 'scentia_http_requests_total', { route: 'unmatched', status: '404' })).toBe(1);
    expect(text).not.toContain('/api/categories/101');
    expect(text).not.toContain('no-such-route');
    // The process's own figures come with them, and the pools' on a PostgreSQL server.
    expect(seriesValue(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    if (ctx.driver === 'postgres') {
      expect(
        seriesValue(text, 'scentia_db_pool_connections', { pool: 'main', state: 'total' }),
      ).toBeGreaterThan(0);
      expect(seriesValue(text, 'scentia_db_pool_connections', { pool: 'main', state: 'waiting' })).toBe(0);
    } else {
      expect(text).not.toContain('scentia_db_pool_connections');
    }
  });

  it('counts the timed jobs’ runs by job and outcome', async () => {
    // The jobs start with the app; the first runs of the quick ones are over within moments.
    await expect
      .poll(async () =>
        seriesValue((await scrape()).body, 'scentia_job_runs_total', { job: 'file-sweep', outcome: 'ok' }),
      )
      .toBeGreaterThanOrEqual(1);
  });

  it('reads the outbox depth and the open alerts from the database at each scrape', async () => {
    const before = seriesValue((await scrape()).body, 'scentia_mail_outbox_pending') ?? -1;
    await ctx.query(sql`
      insert into mail_outbox (kind, to_address, language, subject, status, next_attempt_at)
      values ('test', 'ninguem@scentia.test', 'pt-BR', 'Assunto', 'pending', now() + interval '1 day')`);
    expect(seriesValue((await scrape()).body, 'scentia_mail_outbox_pending')).toBe(before + 1);
    expect((await scrape()).body).toContain('# TYPE scentia_alerts_open gauge');
  });

  it('counts the shots a batch counted, and none for the same batch sent again', async () => {
    const fixture = await createDeviceFixture(ctx);
    const device = await fixture.createDevice();
    const heartbeat = await fixture.call(device.credential, {
      method: 'POST',
      url: '/api/device/heartbeat',
      payload: {
        firmwareVersion: '1.0',
        capsules: [
          {
            slot: 1,
            serialNumber: `M${device.id}`,
            fragranceId: fixture.fragranceIds[0],
            sizeShots: 1000,
            remainingShots: 900,
          },
        ],
      },
    });
    expect(heartbeat.statusCode, heartbeat.body).toBe(200);
    const before = seriesValue((await scrape()).body, 'scentia_shots_ingested_total') ?? 0;
    const batch = { sequence: 1, shots: [{ at: minutesAgo(1), slot: 1, count: 4 }] };
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const sent = await fixture.call(device.credential, {
        method: 'POST',
        url: '/api/device/shots',
        payload: batch,
      });
      expect(sent.statusCode, sent.body).toBe(200);
    }
    expect(seriesValue((await scrape()).body, 'scentia_shots_ingested_total')).toBe(before + 4);
  });

  it('reports the shot fold’s backlog: the batches not yet folded and the oldest one’s age', async () => {
    await ctx.foldShots();
    const empty = (await scrape()).body;
    expect(seriesValue(empty, 'scentia_shot_batches_unfolded')).toBe(0);
    expect(seriesValue(empty, 'scentia_shot_fold_oldest_seconds')).toBe(0);
    // Its batches are sent below, not through the helper's `send`, which folds them.
    const fixture = await createDeviceFixture(ctx);
    const device = await deviceWithCapsules(fixture, 'B');
    for (const sequence of [1, 2]) {
      const sent = await fixture.call(device.credential, {
        method: 'POST',
        url: '/api/device/shots',
        payload: { sequence, shots: [{ at: minutesAgo(1), slot: 1, count: 2 }] },
      });
      expect(sent.statusCode, sent.body).toBe(200);
    }
    await ctx.query(sql`update shot_batches set received_at = now() - interval '90 seconds'
      where device_id = ${device.id} and sequence = 1`);
    const waiting = (await scrape()).body;
    expect(seriesValue(waiting, 'scentia_shot_batches_unfolded')).toBe(2);
    expect(seriesValue(waiting, 'scentia_shot_fold_oldest_seconds')).toBeGreaterThanOrEqual(90);
    await ctx.foldShots();
    expect(seriesValue((await scrape()).body, 'scentia_shot_batches_unfolded')).toBe(0);
  });

  it('counts the quiz events a batch recorded, and none for the same batch sent again', async () => {
    const quiz = await publishedQuizFixture(ctx);
    const player = await ctx.createAccount({ profile: 'USER' });
    const { token } = await ctx.signIn(player.email, player.password);
    const before = seriesValue((await scrape()).body, 'scentia_quiz_events_ingested_total') ?? 0;
    const batch = {
      sessionId: randomUUID(),
      quizId: quiz.quizId,
      version: quiz.version,
      events: walkEvents(quiz, [quiz.a.a11, quiz.a.a21]),
    };
    const recorded: number[] = [];
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const sent = await ctx.app.inject({
        method: 'POST',
        url: '/api/app/quiz-sessions/events',
        headers: { authorization: `Bearer ${token}` },
        payload: batch,
      });
      expect(sent.statusCode, sent.body).toBe(200);
      recorded.push(sent.json<{ recorded: number }>().recorded);
    }
    expect(recorded[0]).toBeGreaterThan(0);
    expect(recorded[1]).toBe(0);
    expect(seriesValue((await scrape()).body, 'scentia_quiz_events_ingested_total')).toBe(
      before + (recorded[0] ?? 0),
    );
  });

  it('stays out of the API’s document', async () => {
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, unknown>;
    }>();
    expect(Object.keys(document.paths).some((path) => path.includes('metrics'))).toBe(false);
  });
});

describe('GET /metrics without METRICS_TOKEN or METRICS_PORT', () => {
  it('is not served', async () => {
    const ctx = await createTestApp();
    try {
      const answer = await ctx.app.inject({ method: 'GET', url: '/metrics' });
      expect(answer.statusCode).toBe(404);
    } finally {
      await ctx.close();
    }
  });
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

describe('GET /metrics on METRICS_PORT', () => {
  it('is served on its own port only, with the token when one is set, and stops with the app', async () => {
    const port = await freePort();
    const ctx = await createTestApp({ METRICS_PORT: String(port), METRICS_TOKEN: TOKEN, HOST: '127.0.0.1' });
    const url = `http://127.0.0.1:${port}/metrics`;
    try {
      expect((await ctx.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
      expect((await fetch(url)).status).toBe(401);
      const answer = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(answer.status).toBe(200);
      expect(await answer.text()).toContain('# TYPE scentia_http_requests_total counter');
    } finally {
      await ctx.close();
    }
    await expect(fetch(url)).rejects.toThrow();
  });
});
