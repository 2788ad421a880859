import type { AuditEvent } from '@scentia/shared/audit.schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, pngImage } from '../../../test/multipart.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
let adminToken: string;
let operatorToken: string;
let appUserToken: string;
let admin: { id: number };
let operator: { id: number };
let categoryId: number;
let fragranceId: number;

const ADMIN_NAME = 'Ana Auditora';
const OPERATOR_NAME = 'Otto Operador';

type Page = { data: AuditEvent[]; total: number; totalPages: number; totalIsEstimate?: boolean };

function get(url: string, token = adminToken, language = 'pt-BR') {
  return ctx.app.inject({
    method: 'GET',
    url,
    remoteAddress: '10.1.2.3',
    headers: { authorization: `Bearer ${token}`, 'accept-language': language },
  });
}

async function list(query: string): Promise<Page> {
  const response = await get(`/api/audit?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Synthetic events at fixed times (the trail accepts inserts; only changing or removing is refused). */
async function insertEvents(
  rows: { at: string; recordId: string; actorId?: number | null; action?: string }[],
) {
  for (const row of rows) {
    await ctx.query(sql`
      insert into audit_events (occurred_at, actor_id, action, record_type, record_id)
      values (${row.at}::timestamptz, ${row.actorId ?? null}, ${row.action ?? 'retention'}, 'campaign', ${row.recordId})`);
  }
}

beforeAll(async () => {
  ctx = await createTestApp({ DATA_DIR: `/tmp/scentia-audit-${process.pid}` });
  const adminAccount = await ctx.createAccount({ name: ADMIN_NAME });
  const operatorAccount = await ctx.createAccount({ name: OPERATOR_NAME, profile: 'OPERADOR' });
  const appUser = await ctx.createAccount({ profile: 'USER' });
  admin = adminAccount;
  operator = operatorAccount;
  adminToken = (await ctx.signIn(adminAccount.email, adminAccount.password)).token;
  operatorToken = (await ctx.signIn(operatorAccount.email, operatorAccount.password)).token;
  appUserToken = (await ctx.signIn(appUser.email, appUser.password)).token;

  const translations = [
    { language: 'en-US', name: 'Citrus' },
    { language: 'es-ES', name: 'Cítricos' },
  ];
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/categories',
    remoteAddress: '10.1.2.3',
    payload: { name: 'Cítricos', translations },
    headers: { authorization: `Bearer ${adminToken}`, 'user-agent': 'audit-test' },
  });
  expect(created.statusCode).toBe(201);
  categoryId = created.json().categoryId;
  // The same translations again: the save replaces them (deleted, inserted), yet only the name changed.
  const edited = await ctx.app.inject({
    method: 'PUT',
    url: `/api/categories/${categoryId}`,
    payload: { name: 'Cítricos Frescos', translations },
    headers: { authorization: `Bearer ${operatorToken}` },
  });
  expect(edited.statusCode).toBe(200);

  const form = multipart([
    { name: 'name', value: 'Limão Siciliano' },
    { name: 'ofactoryWay', value: 'Cítrico fresco' },
    { name: 'categoryId', value: String(categoryId) },
    { name: 'image.file', fileName: 'f.png', contentType: 'image/png', bytes: await pngImage(64, 64) },
  ]);
  const fragrance = await ctx.app.inject({
    method: 'POST',
    url: '/api/fragrances',
    payload: form.payload,
    headers: { ...form.headers, authorization: `Bearer ${adminToken}` },
  });
  expect(fragrance.statusCode).toBe(201);
  fragranceId = fragrance.json().fragranceId;
});
afterAll(() => ctx.close());

describe('GET /api/audit', () => {
  it('lists events newest first, each with its actor, address, action, record and changes', async () => {
    const { data } = await list('recordType=category');
    expect(data.map((event) => event.action)).toEqual(['putCategoriesById', 'postCategories']);
    const [edit, creation] = data as [AuditEvent, AuditEvent];
    expect(edit.actor).toEqual({ userId: operator.id, name: OPERATOR_NAME });
    expect(edit.record).toEqual({ type: 'category', id: String(categoryId) });
    expect(creation.actor).toEqual({ userId: admin.id, name: ADMIN_NAME });
    expect(creation.ip).toBe('10.1.2.3');
    expect(creation.userAgent).toBe('audit-test');
    expect(Date.parse(edit.occurredAt)).toBeGreaterThanOrEqual(Date.parse(creation.occurredAt));
  });

  it('shows a save with unchanged translations as the name change alone', async () => {
    const { data } = await list(`recordType=category&recordId=${categoryId}&actorId=${operator.id}`);
    expect(data).toHaveLength(1);
    expect(data[0]?.changes).toEqual([
      {
        table: 'categories',
        rowKey: String(categoryId),
        kind: 'updated',
        fields: [{ field: 'name', before: 'Cítricos', after: 'Cítricos Frescos' }],
      },
    ]);
  });

  it('shows a creation with every row it created, bookkeeping columns left out', async () => {
    const { data } = await list(`recordType=category&actorId=${admin.id}`);
    const changes = data[0]?.changes ?? [];
    expect(changes.map((change) => `${change.table} ${change.rowKey} ${change.kind}`)).toEqual([
      `categories ${categoryId} created`,
      `category_translations ${categoryId},en-US created`,
      `category_translations ${categoryId},es-ES created`,
    ]);
    const fields = changes[0]?.fields.map((field) => field.field) ?? [];
    expect(fields).toEqual(expect.arrayContaining(['id', 'name']));
    expect(fields).not.toContain('search_text');
    expect(fields).not.toContain('created_at');
  });

  it('filters by record type, record, person and search', async () => {
    const fragrances = await list('recordType=fragrance');
    expect(fragrances.data.map((event) => event.record)).toEqual([
      { type: 'fragrance', id: String(fragranceId) },
    ]);
    expect((await list(`actorId=${operator.id}`)).data.map((event) => event.action)).toEqual([
      'putCategoriesById',
    ]);
    expect((await list(`recordType=category&recordId=${categoryId + 1000}`)).total).toBe(0);
    const searched = await list('search=putcategories');
    expect(searched.data.map((event) => event.action)).toEqual(['putCategoriesById']);
    expect((await list('search=fragrance')).data.map((event) => event.action)).toEqual(['postFragrances']);
    // A LIKE wildcard in the search is searched for literally.
    expect((await list('search=%25')).total).toBe(0);
  });

  it('takes `from` inclusive and `to` exclusive', async () => {
    await insertEvents([
      { at: '2026-01-01T00:00:00Z', recordId: 'period-1' },
      { at: '2026-01-02T00:00:00Z', recordId: 'period-2' },
      { at: '2026-01-03T00:00:00Z', recordId: 'period-3' },
      { at: '2026-01-04T00:00:00Z', recordId: 'period-4' },
    ]);
    const period = await list('search=period&from=2026-01-02T00:00:00Z&to=2026-01-04T00:00:00Z');
    expect(period.data.map((event) => event.record.id)).toEqual(['period-3', 'period-2']);
    const offset = await list('search=period&from=2026-01-02T00:00:00-03:00');
    expect(offset.data.map((event) => event.record.id)).toEqual(['period-4', 'period-3']);
  });

  it('sorts by time either way, ties broken by the event id, and pages', async () => {
    await insertEvents(
      Array.from({ length: 12 }, (_, index) => ({ at: '2026-02-01T00:00:00Z', recordId: `tie-${index}` })),
    );
    const descending = await list('search=tie&perPage=10');
    expect(descending.total).toBe(12);
    expect(descending.totalPages).toBe(2);
    expect(descending.totalIsEstimate).toBeUndefined();
    const ids = descending.data.map((event) => event.auditId);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const second = await list('search=tie&perPage=10&page=2');
    expect(second.data).toHaveLength(2);
    expect(second.data.every((event) => event.auditId < Math.min(...ids))).toBe(true);

    const ascending = await list('search=period&orderBy=occurredAt&orderByDirection=ASC');
    expect(ascending.data.map((event) => event.record.id)).toEqual([
      'period-1',
      'period-2',
      'period-3',
      'period-4',
    ]);
  });

  it('names an actor whose account is gone by its number, and no actor as null', async () => {
    await insertEvents([
      { at: '2026-03-01T00:00:00Z', recordId: 'gone', actorId: 987_654 },
      { at: '2026-03-02T00:00:00Z', recordId: 'nobody', actorId: null },
    ]);
    expect((await list('actorId=987654')).data[0]?.actor).toEqual({ userId: 987_654, name: '#987654' });
    expect((await list('search=nobody')).data[0]?.actor).toBeNull();
  });

  it('refuses a sort, filter or parameter it does not know, with a localized 400', async () => {
    for (const query of [
      'orderBy=action',
      'recordType=planet',
      'from=yesterday',
      'actorId=0',
      'isActive=true',
    ]) {
      const response = await get(`/api/audit?${query}`, adminToken, 'en-US');
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe('VALIDATION');
    }
    const spanish = await get('/api/audit?recordType=planet', adminToken, 'es-ES');
    expect(spanish.json().message).toBe('Los datos enviados no son válidos.');
  });

  it('is for ADMIN only; a USER profile is refused everywhere', async () => {
    expect((await get('/api/audit', operatorToken)).json().code).toBe('ADMIN_ONLY');
    expect((await get('/api/audit/export', operatorToken)).statusCode).toBe(403);
    for (const url of ['/api/audit', '/api/audit/export', `/api/audit/history/category/${categoryId}`]) {
      const response = await get(url, appUserToken);
      expect(response.statusCode, url).toBe(403);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/audit' })).statusCode).toBe(401);
  });
});

describe('GET /api/audit/history/:recordType/:recordId', () => {
  it('gives staff the latest events of a catalog record, newest first', async () => {
    const response = await get(`/api/audit/history/category/${categoryId}`, operatorToken);
    expect(response.statusCode).toBe(200);
    const events: AuditEvent[] = response.json();
    expect(events.map((event) => event.action)).toEqual(['putCategoriesById', 'postCategories']);
    expect(events[0]?.changes[0]?.fields).toEqual([
      { field: 'name', before: 'Cítricos', after: 'Cítricos Frescos' },
    ]);
  });

  it(`shows at most the latest RECORD_HISTORY_LIMIT events`, async () => {
    await insertEvents(
      Array.from({ length: 25 }, (_, index) => ({
        at: `2026-04-01T00:00:${String(index).padStart(2, '0')}Z`,
        recordId: 'busy',
        action: `step${index}`,
      })),
    );
    const events: AuditEvent[] = (await get('/api/audit/history/campaign/busy', operatorToken)).json();
    expect(events).toHaveLength(20);
    expect(events[0]?.action).toBe('step24');
    expect(events.at(-1)?.action).toBe('step5');
  });

  it('lists a call under every record it changed: a new default campaign in the previous one’s history', async () => {
    const campaigns = await ctx.query<{ id: number }>(
      sql`insert into campaigns (name) values ('Campanha Um'), ('Campanha Cinco') returning id`,
    );
    const [first, fifth] = campaigns.map((campaign) => campaign.id) as [number, number];
    const makeDefault = (campaignId: number) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/campaigns/default',
        headers: { authorization: `Bearer ${adminToken}` },
        payload: { campaignId },
      });
    expect((await makeDefault(first)).statusCode).toBe(200);
    expect((await makeDefault(fifth)).statusCode).toBe(200);

    const history: AuditEvent[] = (await get(`/api/audit/history/campaign/${first}`, operatorToken)).json();
    const [latest] = history;
    expect(latest).toMatchObject({
      action: 'putCampaignsDefault',
      record: { type: 'campaign', id: String(fifth) },
    });
    expect(latest?.changes.map((change) => change.rowKey).sort()).toEqual(
      [String(first), String(fifth)].sort(),
    );
    expect(history.map((event) => event.record.id)).toContain(String(first));
    // The list's record filter finds it too, and the new default's own history has it once.
    const listed = await list(`recordType=campaign&recordId=${first}`);
    expect(listed.data[0]?.auditId).toBe(latest?.auditId);
    const own: AuditEvent[] = (await get(`/api/audit/history/campaign/${fifth}`, operatorToken)).json();
    expect(own.filter((event) => event.auditId === latest?.auditId)).toHaveLength(1);
  });

  it("gives a person's history to ADMIN only", async () => {
    const refused = await get(`/api/audit/history/user/${operator.id}`, operatorToken, 'en-US');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'ADMIN_ONLY',
      message: 'Only administrators can perform this action.',
    });
    const allowed = await get(`/api/audit/history/user/${operator.id}`);
    expect(allowed.statusCode).toBe(200);
    const events: AuditEvent[] = allowed.json();
    expect(events.length).toBeGreaterThan(0);
    expect(
      events.every((event) => event.record.type === 'user' && event.record.id === String(operator.id)),
    ).toBe(true);
  });

  it('refuses a kind of record the trail does not name, with a localized 400', async () => {
    const response = await get('/api/audit/history/planet/1', operatorToken, 'en-US');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', fields: [{ path: 'recordType' }] });
  });

  it('answers an empty history for a record without events', async () => {
    const response = await get('/api/audit/history/fragrance/99999999', operatorToken);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });
});

describe('GET /api/audit totals on a large trail', () => {
  it('estimates the total past EXACT_COUNT_LIMIT events, and counts a narrow filter exactly', async () => {
    await ctx.query(sql`
      insert into audit_events (occurred_at, action, record_type, record_id)
      select timestamp '2025-06-01' + i * interval '1 second', 'retention', 'profile', 'bulk-' || i
      from generate_series(1, 1100) as i`);
    const whole = await list('perPage=50');
    expect(whole.totalIsEstimate).toBe(true);
    expect(whole.total).toBeGreaterThan(1000);
    expect(whole.totalPages).toBe(Math.ceil(whole.total / 50));
    const narrow = await list('recordType=category');
    expect(narrow.totalIsEstimate).toBeUndefined();
    expect(narrow.total).toBe(2);
  });
});
