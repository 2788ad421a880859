import { randomUUID } from 'node:crypto';
import type { QuizAnalytics, QuizSessionEvent } from '@scentia/shared/quiz-sessions.schemas';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abandonStaleSessions } from '../src/modules/quiz-sessions/quiz-session-abandonment.ts';
import { publishedQuizFixture, type QuizFixture, walkEvents } from './quiz-sessions-fixture.ts';
import { createTestApp, type TestContext } from './test-app.ts';

let ctx: TestContext;
let fixture: QuizFixture;
let staff: string;
let player: string;

/** A seeded generator (mulberry32), so a failure replays the same sessions. */
function randomFrom(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** What the sessions below should add up to, counted here without the API's rules module. */
const expected = {
  starts: 0,
  completions: 0,
  reached: new Map<number, number>(),
  leftThere: new Map<number, number>(),
  answers: new Map<number, number>(),
  fragrances: new Map<number, number>(),
  openSessions: [] as { id: string; on: number | null }[],
};
const bump = (map: Map<number, number>, key: number) => map.set(key, (map.get(key) ?? 0) + 1);

beforeAll(async () => {
  ctx = await createTestApp();
  fixture = await publishedQuizFixture(ctx, { versions: 2 });
  const operator = await ctx.createAccount({ profile: 'OPERADOR' });
  staff = (await ctx.signIn(operator.email, operator.password)).token;
  const user = await ctx.createAccount({ profile: 'USER' });
  player = (await ctx.signIn(user.email, user.password)).token;
});
afterAll(() => ctx.close());

const post = (payload: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/app/quiz-sessions/events',
    headers: { authorization: `Bearer ${player}` },
    payload: payload as Record<string, unknown>,
  });

const analytics = async (query = '') => {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/quiz/analytics/${fixture.quizId}${query}`,
    headers: { authorization: `Bearer ${staff}` },
  });
  return response;
};

/** The tree's moves, by question: each answer and where it leads (a number: the next question). */
function movesOf(fixture: QuizFixture) {
  const snapshot = fixture.snapshots.at(-1);
  return new Map(
    snapshot?.questions.map((question) => [
      question.quizQuestionId,
      question.answers.map((answer) => ({ id: answer.quizQuestionAnswerId, next: answer.nextQuestionId })),
    ]),
  );
}

describe('GET /api/quiz/analytics/{quizId}', () => {
  it('adds up to the events sent: random walks, replays and split batches', async () => {
    const random = randomFrom(24);
    const moves = movesOf(fixture);
    for (let n = 0; n < 40; n += 1) {
      const path: number[] = [];
      let on: number | null = fixture.q.q1;
      const stopAfter = random() < 0.3 ? Math.floor(random() * 3) : 99;
      expected.starts += 1;
      bump(expected.reached, on);
      while (on !== null && path.length < stopAfter) {
        const choices = moves.get(on) ?? [];
        const choice = choices[Math.floor(random() * choices.length)] as { id: number; next: number | null };
        path.push(choice.id);
        bump(expected.answers, choice.id);
        on = choice.next;
        if (on !== null) bump(expected.reached, on);
      }
      const events = walkEvents(fixture, path, { finish: on === null });
      const finished = events.at(-1) as QuizSessionEvent;
      if (finished.type === 'finished') {
        expected.completions += 1;
        for (const id of finished.fragranceIds) bump(expected.fragrances, id);
      }
      const id = randomUUID();
      if (finished.type !== 'finished') expected.openSessions.push({ id, on });
      // Sent in two overlapping parts, then the whole again now and then (a retry after a lost answer).
      const cut = Math.floor(random() * events.length) + 1;
      const body = (part: QuizSessionEvent[]) => ({
        sessionId: id,
        quizId: fixture.quizId,
        version: 2,
        events: part,
      });
      expect((await post(body(events.slice(0, cut)))).statusCode).toBe(200);
      expect((await post(body(events.slice(Math.max(0, cut - 1))))).statusCode).toBe(200);
      if (random() < 0.3) expect((await post(body(events))).json().recorded).toBe(0);
    }

    const response = await analytics();
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as QuizAnalytics;
    expect(body.starts).toBe(expected.starts);
    expect(body.completions).toBe(expected.completions);
    expect(body.completionRate).toBeCloseTo(expected.completions / expected.starts);
    expect(body.abandoned).toBe(0);
    for (const question of body.questions) {
      expect(question.reached, `reached ${question.quizQuestionId}`).toBe(
        expected.reached.get(question.quizQuestionId) ?? 0,
      );
      for (const answer of question.answers)
        expect(answer.count, `answer ${answer.quizQuestionAnswerId}`).toBe(
          expected.answers.get(answer.quizQuestionAnswerId) ?? 0,
        );
    }
    expect(body.questions.map((question) => question.quest)).toEqual([
      'Qual clima? v2',
      'Qual hora?',
      'Qual estilo?',
    ]);
    expect(new Map(body.recommendations.map((row) => [row.fragranceId, row.count]))).toEqual(
      expected.fragrances,
    );
    expect(body.language).toBe('pt-BR');
  });

  it('counts a session quiet past the timeout as abandoned once, where it was left', async () => {
    const later = new Date(Date.now() + 31 * 60_000);
    const early = await abandonStaleSessions({ db: ctx.db, timeoutMinutes: 30 });
    expect(early).toBe(0);
    expect(await abandonStaleSessions({ db: ctx.db, timeoutMinutes: 30, now: later, batchSize: 7 })).toBe(
      expected.openSessions.length,
    );
    expect(await abandonStaleSessions({ db: ctx.db, timeoutMinutes: 30, now: later })).toBe(0);
    for (const session of expected.openSessions)
      if (session.on !== null) bump(expected.leftThere, session.on);

    const body = (await analytics()).json() as QuizAnalytics;
    expect(body.abandoned).toBe(expected.openSessions.length);
    expect(body.starts).toBe(expected.starts);
    for (const question of body.questions)
      expect(question.leftThere, `left ${question.quizQuestionId}`).toBe(
        expected.leftThere.get(question.quizQuestionId) ?? 0,
      );

    const open = expected.openSessions[0];
    if (!open) throw new Error('the walks above left no session open');
    const late = await post({
      sessionId: open.id,
      quizId: fixture.quizId,
      version: 2,
      events: walkEvents(fixture, [fixture.a.a12, fixture.a.a31]).map((event) => ({
        ...event,
        seq: event.seq + 50,
      })),
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('QUIZ_SESSION_ABANDONED');
    expect(((await analytics()).json() as QuizAnalytics).completions).toBe(expected.completions);
  });

  it('reads a period of days: nothing before today, 400 for a reversed or too long one', async () => {
    const empty = (await analytics('?from=2020-01-01&to=2020-01-31')).json() as QuizAnalytics;
    expect(empty).toMatchObject({ from: '2020-01-01', to: '2020-01-31', starts: 0, completionRate: 0 });
    expect(empty.questions.every((question) => question.reached === 0)).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    expect(((await analytics(`?from=${today}&to=${today}`)).json() as QuizAnalytics).starts).toBe(
      expected.starts,
    );
    const reversed = await analytics('?from=2024-02-02&to=2024-02-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().fields[0].path).toBe('from');
    expect((await analytics('?from=2024-01-01&to=2024-12-31')).statusCode).toBe(200);
    expect((await analytics('?from=2023-01-01&to=2024-01-02')).statusCode).toBe(400);
    expect((await analytics('?from=2024-02-30')).statusCode).toBe(400);
  });

  it('answers 404 for an unknown quiz and 403 to the USER profile', async () => {
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/api/quiz/analytics/999999',
      headers: { authorization: `Bearer ${staff}` },
    });
    expect(unknown.statusCode).toBe(404);
    const user = await ctx.app.inject({
      method: 'GET',
      url: `/api/quiz/analytics/${fixture.quizId}`,
      headers: { authorization: `Bearer ${player}` },
    });
    expect(user.statusCode).toBe(403);
  });
});

describe('GET /api/resultado/export', () => {
  it('downloads the sessions and the per-question funnel, headed in the request’s language', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/resultado/export?quizId=${fixture.quizId}`,
      headers: { authorization: `Bearer ${staff}`, 'accept-language': 'en-US' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /filename="quiz-sessions-\d{4}-\d{2}-\d{2}\.xlsx"/,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const [sessions, funnel] = workbook.worksheets;
    const rowsOf = (sheet: ExcelJS.Worksheet | undefined) => {
      const rows: unknown[][] = [];
      sheet?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      return rows;
    };
    expect(sessions?.name).toBe('Sessions');
    const sessionRows = rowsOf(sessions);
    expect(sessionRows[0]?.slice(0, 5)).toEqual(['Quiz', 'Campaign', 'Language', 'Version', 'Started']);
    expect(sessionRows).toHaveLength(1 + expected.starts);
    const finishedRows = sessionRows.slice(1).filter((row) => row[5] instanceof Date);
    expect(finishedRows).toHaveLength(expected.completions);
    expect(String(finishedRows[0]?.[7])).toMatch(/^Qual clima\? v2: (Frio|Quente)/);
    expect(String(finishedRows[0]?.[8])).toMatch(/^(Lavanda|Cedro|Bergamota)/);

    expect(funnel?.name).toBe('Funnel');
    const funnelRows = rowsOf(funnel);
    expect(funnelRows[0]).toEqual(['Question', 'Reached', 'Left there', 'Answers (times chosen)']);
    expect(funnelRows.slice(1).map((row) => [row[0], row[1]])).toEqual([
      ['Qual clima? v2', expected.reached.get(fixture.q.q1)],
      ['Qual hora?', expected.reached.get(fixture.q.q2) ?? 0],
      ['Qual estilo?', expected.reached.get(fixture.q.q3) ?? 0],
    ]);
  });

  it('refuses an unknown quiz (404) and a reversed period (400)', async () => {
    const get = (query: string) =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/resultado/export?${query}`,
        headers: { authorization: `Bearer ${staff}` },
      });
    expect((await get('quizId=999999')).statusCode).toBe(404);
    expect((await get(`quizId=${fixture.quizId}&from=2024-02-02&to=2024-02-01`)).statusCode).toBe(400);
  });
});
