import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { firstSheetOf } from '../../../test/xlsx.ts';
import { describeChanges } from './audit.export.ts';

let ctx: TestContext;
let token: string;
let categoryId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  const admin = await ctx.createAccount({ name: 'Admin Exportadora' });
  token = (await ctx.signIn(admin.email, admin.password)).token;
  const headers = { authorization: `Bearer ${token}` };
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/categories',
    payload: { name: 'Amadeirados', translations: [{ language: 'en-US', name: 'Woody' }] },
    headers,
  });
  categoryId = created.json().categoryId;
  await ctx.app.inject({
    method: 'PUT',
    url: `/api/categories/${categoryId}`,
    payload: { name: 'Amadeirados Secos', translations: [{ language: 'en-US', name: 'Dry woody' }] },
    headers,
  });
  // 2,100 events: more than one export batch, three at each instant (ties the keyset must break by id).
  await ctx.query(sql`
    insert into audit_events (occurred_at, action, record_type, record_id)
    select timestamp '2026-01-01 10:00:00' + ((i / 3) * interval '1 microsecond'), 'retention', 'campaign', 'c' || i
    from generate_series(1, 2100) as i`);
});
afterAll(() => ctx.close());

async function download(query: string, language = 'pt-BR') {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/audit/export?${query}`,
    headers: { authorization: `Bearer ${token}`, 'accept-language': language },
  });
  return { response, ...(await firstSheetOf(response)) };
}

describe('GET /api/audit/export', () => {
  it('downloads a dated .xlsx with headers in the request language', async () => {
    const { response, sheetName, header } = await download('recordType=category', 'en-US');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    expect(sheetName).toBe('Audit');
    expect(header).toEqual([
      'When',
      'Who',
      'IP address',
      'Action',
      'Record type',
      'Record ID',
      'Changed fields',
    ]);
  });

  it('writes each event with who, where, what and a readable line of its changes', async () => {
    const { rows } = await download('recordType=category');
    expect(rows).toHaveLength(2);
    const [edit] = rows as [unknown[]];
    expect(edit[0]).toBeInstanceOf(Date);
    expect(edit.slice(1, 6)).toEqual([
      'Admin Exportadora',
      '127.0.0.1',
      'putCategoriesById',
      'category',
      String(categoryId),
    ]);
    expect(edit[6]).toBe(
      `categories[${categoryId}].name: Amadeirados → Amadeirados Secos; ` +
        `category_translations[${categoryId},en-US].name: Woody → Dry woody`,
    );
  });

  it('holds every matching event, in the order of the list, across batches', async () => {
    const { rows } = await download('recordType=campaign&orderByDirection=asc');
    expect(rows).toHaveLength(2100);
    const recordIds = rows.map((row) => row[5] as string);
    expect(new Set(recordIds).size).toBe(2100);
    const listed = await ctx.app.inject({
      method: 'GET',
      url: '/api/audit?recordType=campaign&orderByDirection=asc&perPage=50&page=41',
      headers: { authorization: `Bearer ${token}` },
    });
    const pageIds = listed.json().data.map((event: { record: { id: string } }) => event.record.id);
    expect(recordIds.slice(2000, 2050)).toEqual(pageIds);
  });

  it('lists the exports themselves under the record type audit', async () => {
    const listExports = () =>
      ctx.app.inject({
        method: 'GET',
        url: '/api/audit?recordType=audit&recordId=export',
        headers: { authorization: `Bearer ${token}` },
      });
    const before = (await listExports()).json().total;
    expect((await download('recordType=campaign')).response.statusCode).toBe(200);
    const after = await listExports();
    expect(after.statusCode).toBe(200);
    expect(after.json().total).toBe(before + 1);
    expect(after.json().data[0]).toMatchObject({ action: 'getAuditExport', record: { type: 'audit' } });
  });

  it('refuses a bad query before sending anything', async () => {
    const { response } = await download('orderBy=1;drop%20table%20audit_events');
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-disposition']).toBeUndefined();
  });
});

describe('describeChanges', () => {
  it('names the fields alone when one row changed, and shows absent values', () => {
    expect(
      describeChanges([
        {
          table: 'categories',
          rowKey: '1',
          kind: 'updated',
          fields: [
            { field: 'name', before: 'A', after: 'B' },
            { field: 'deleted_at', before: null, after: '2026-01-01' },
          ],
        },
      ]),
    ).toBe('name: A → B; deleted_at: ∅ → 2026-01-01');
  });
});
