import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignTestSetup } from '../src/modules/campaigns/campaign-test-setup.ts';
import { publishedQuizFixture } from './quiz-sessions-fixture.ts';

let setup: Awaited<ReturnType<typeof campaignTestSetup>>;
let admin: string;
let adminId: number;

beforeAll(async () => {
  setup = await campaignTestSetup();
  const account = await setup.ctx.createAccount({ profile: 'ADMIN' });
  adminId = account.id;
  admin = `Bearer ${(await setup.ctx.signIn(account.email, account.password)).token}`;
});
afterAll(() => setup.ctx.close());

const get = (url: string, authorization = admin) =>
  setup.ctx.app.inject({ method: 'GET', url, headers: { authorization, 'content-language': 'en-US' } });

/** The same instant written with another offset: 21:40:44.123Z is 18:40:44.123-03:00. */
function withOffset(isoUtc: string, hours: number): string {
  const shifted = new Date(new Date(isoUtc).getTime() + hours * 3_600_000).toISOString().slice(0, 23);
  const sign = hours < 0 ? '-' : '+';
  return `${shifted}${sign}${String(Math.abs(hours)).padStart(2, '0')}:00`;
}

describe('date and time fields', () => {
  it('GET /api/audit refuses periods on days that do not exist, naming the field', async () => {
    const invalid = 'Invalid date and time: use RFC 3339 with a time zone';
    for (const [query, field] of [
      ['from=2026-02-29T00:00:00Z', 'from'],
      ['to=2026-04-31T00:00:00-03:00', 'to'],
      ['from=0000-06-01T00:00:00Z', 'from'],
      ['to=0001-01-01T00:00:00+01:00', 'to'],
    ]) {
      const response = await get(`/api/audit?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().fields, query).toEqual([
        { path: field, message: expect.stringContaining(invalid) },
      ]);
    }
    const leap = await get(`/api/audit?from=${encodeURIComponent('2024-02-29T00:00:00-03:00')}`);
    expect(leap.statusCode).toBe(200);
  });

  it('every reporting period refuses a day before 2000 with 400, never a 500 from a default before year 1', async () => {
    const { quizId } = await publishedQuizFixture(setup.ctx);
    const outOfRange = 'Choose a day in a year from 2000 to 9998.';
    for (const path of [
      `/api/quiz/analytics/${quizId}?`,
      `/api/resultado/export?quizId=${quizId}&`,
      '/api/shots-fragrance?',
    ]) {
      for (const to of ['0001-01-01', '0000-01-01', '1999-12-31']) {
        const response = await get(`${path}to=${to}`);
        expect(response.statusCode, `${path}to=${to}`).toBe(400);
        expect(response.json().fields, `${path}to=${to}`).toContainEqual({ path: 'to', message: outOfRange });
      }
    }
    // The first day allowed still works: its default `from` falls in 1999, a year the database stores.
    const firstDay = await get(`/api/quiz/analytics/${quizId}?to=2000-01-01`);
    expect(firstDay.statusCode, firstDay.body).toBe(200);
  });

  it('a campaign save takes its version (updatedAt) with any RFC 3339 offset', async () => {
    const campaign = await setup.create();
    const url = `/api/campaigns/${campaign.campaignId}`;
    const current = String(campaign.updatedAt);
    const saved = await setup.send(
      'PUT',
      url,
      setup.form({ name: 'Outono', updatedAt: withOffset(current, -3) }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    // The version it was based on is now stale, whatever offset writes it.
    const stale = await setup.send(
      'PUT',
      url,
      setup.form({ name: 'Inverno', updatedAt: withOffset(current, 9) }),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_RECORD');
    const impossible = await setup.send(
      'PUT',
      url,
      setup.form({ updatedAt: '2026-02-30T10:00:00Z' }),
      'en-US',
    );
    expect(impossible.statusCode).toBe(400);
    expect(impossible.json().fields).toEqual([
      { path: 'updatedAt', message: expect.stringContaining('RFC 3339') },
    ]);
  });
});

describe('downloads (spec §7: the exposed Content-Disposition header)', () => {
  const EXPOSED = 'Content-Disposition';

  it('expose Content-Disposition on every export and on the personal-data downloads', async () => {
    for (const url of [
      '/api/export',
      '/api/categories/export',
      '/api/fragrances/export',
      '/api/campaigns/export',
      '/api/audit/export',
      `/api/usuario/personal-data/${adminId}`,
      `/api/usuario/personal-data/${adminId}/export`,
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-disposition'], url).toMatch(/^attachment; filename=/);
      expect(response.headers['access-control-expose-headers'], url).toBe(EXPOSED);
    }
  });

  it('expose it on stored files, and leave plain JSON answers alone', async () => {
    const campaign = await setup.create();
    const cover = campaign.cover as { tempUri: string };
    const file = await setup.ctx.app.inject({ method: 'GET', url: cover.tempUri });
    expect(file.statusCode).toBe(200);
    expect(file.headers['access-control-expose-headers']).toBe(EXPOSED);
    const list = await get('/api/categories');
    expect(list.statusCode).toBe(200);
    expect(list.headers['access-control-expose-headers']).toBeUndefined();
  });
});
