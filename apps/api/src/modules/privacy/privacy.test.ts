import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
let admin: { id: number; token: string };
let person: { id: number; email: string; password: string };

const PERSON_NAME = 'Joana Privacidade Teste';
const PERSON_CPF = '52998224725';
const PERSON_STREET = 'Rua das Acácias Secretas, 42';

const asAdmin = (method: 'GET' | 'POST', url: string, token = admin.token) =>
  ctx.app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });

beforeAll(async () => {
  ctx = await createTestApp();
  const account = await ctx.createAccount({ name: 'Admin Privacidade' });
  admin = { id: account.id, token: (await ctx.signIn(account.email, account.password)).token };

  // A person with a trace in every place the system keeps one.
  person = await ctx.createAccount({ profile: 'OPERADOR', name: PERSON_NAME });
  const updated = await ctx.app.inject({
    method: 'PUT',
    url: `/api/usuario/${person.id}`,
    headers: { authorization: `Bearer ${admin.token}` },
    payload: {
      email: person.email,
      nome: PERSON_NAME,
      cpf: PERSON_CPF,
      profile: 'OPERADOR',
      birthday: '1990-04-12',
      genre: 'F',
      address: { country: 'BR', zipcode: '01310100', street: PERSON_STREET, city: 'São Paulo', state: 'SP' },
    },
  });
  expect(updated.statusCode, updated.body).toBe(200);
  const session = await ctx.signIn(person.email, person.password);
  const wrong = await ctx.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: person.email, password: 'Wrong#password1' },
  });
  expect(wrong.statusCode).toBe(401);
  const category = await ctx.app.inject({
    method: 'POST',
    url: '/api/categories',
    headers: { authorization: `Bearer ${session.token}` },
    payload: { name: 'Categoria da Joana' },
  });
  expect(category.statusCode, category.body).toBe(201);
  const recovery = await ctx.app.inject({
    method: 'POST',
    url: '/api/usuario/recuperar-senha',
    payload: { email: person.email },
  });
  expect(recovery.statusCode).toBe(204);
});
afterAll(() => ctx.close());

/** Every table holding rows about a user: a foreign key to users, as the database itself declares. */
async function tablesReferencingUsers() {
  return ctx.query<{ table_name: string; column_name: string }>(sql`
    select distinct kcu.table_name, kcu.column_name
    from information_schema.referential_constraints rc
    join information_schema.key_column_usage kcu
      on kcu.constraint_name = rc.constraint_name and kcu.constraint_schema = rc.constraint_schema
    join information_schema.constraint_column_usage ccu
      on ccu.constraint_name = rc.unique_constraint_name and ccu.constraint_schema = rc.unique_constraint_schema
    where ccu.table_name = 'users' and kcu.table_schema = 'public'
    order by kcu.table_name`);
}

/** Where the answer shows each table's rows about the person (a new table must be added to the export). */
const SECTION_OF_TABLE: Record<string, string> = {
  refresh_tokens: 'sessions',
  access_log: 'accessLog',
  temporary_requests: 'temporaryRequests',
  account_activity: 'activity',
};

describe('GET /api/usuario/personal-data/{id}', () => {
  it('answers, as an attachment, a section with the person’s rows for every table that holds them', async () => {
    const response = await asAdmin('GET', `/api/usuario/personal-data/${person.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename=".+\.json"$/);
    const data = response.json();

    const tables = await tablesReferencingUsers();
    expect(tables.map((table) => table.table_name)).toEqual(expect.arrayContaining(['refresh_tokens']));
    for (const { table_name: table, column_name: column } of tables) {
      const section = SECTION_OF_TABLE[table];
      expect(section, `no section of the export holds ${table}`).toBeDefined();
      const [count] = await ctx.query<{ total: number }>(
        sql`select count(*)::int as total from ${sql.identifier(table)} where ${sql.identifier(column)} = ${person.id}`,
      );
      const held = data[section as string];
      const shown = Array.isArray(held) ? held.length : held ? 1 : 0;
      expect(count?.total, `${table} holds no row of the person: the test set-up misses it`).toBeGreaterThan(
        0,
      );
      expect(shown, `${table} → ${section}`).toBe(count?.total);
    }

    // The users row itself, and the places without a foreign key: the trail and the mail outbox.
    expect(data.account).toMatchObject({
      id: person.id,
      nome: PERSON_NAME,
      cpf: PERSON_CPF,
      hasPassword: true,
    });
    expect(data.address).toMatchObject({ street: PERSON_STREET, country: 'BR' });
    expect(data.accessLog.map((entry: { event: string }) => entry.event)).toEqual(
      expect.arrayContaining(['sign-in', 'sign-in-failed']),
    );
    expect(data.auditTrail.about.length).toBeGreaterThan(0);
    expect(data.auditTrail.about[0].changes[0]).toMatchObject({ table: 'users', rowKey: String(person.id) });
    expect(data.auditTrail.by.map((event: { action: string }) => event.action)).toContain('postCategories');
    expect(data.mailOutbox.map((mail: { kind: string }) => mail.kind)).toContain('recovery');
  });

  it('holds no secret: no password or token hash (the trail’s fingerprints only), no mail link or body', async () => {
    const body = (await asAdmin('GET', `/api/usuario/personal-data/${person.id}`)).body;
    const secrets = await ctx.query<{ value: string }>(sql`
      select password_hash as value from users where id = ${person.id}
      union all select token_hash from refresh_tokens where user_id = ${person.id}
      union all select token_hash from temporary_requests where user_id = ${person.id}
      union all select link from mail_outbox where to_address = ${person.email} and link is not null`);
    expect(secrets.length).toBeGreaterThan(3);
    for (const { value } of secrets) expect(body).not.toContain(value);
    expect(body).not.toMatch(/"(passwordHash|tokenHash|link|html|text)"/);
    // The trail's rows name a secret only by its fingerprint: that it changed, never its value.
    const named = [...body.matchAll(/"(?:password_hash|token_hash)":("[^"]*"|null)/g)].map(
      (match) => match[1],
    );
    expect(named.length).toBeGreaterThan(0);
    for (const value of named) expect(value).toMatch(/^("redacted:[0-9a-f]{8}"|null)$/);
  });

  it('answers the same as an .xlsx workbook, one sheet per section', async () => {
    const response = await asAdmin('GET', `/api/usuario/personal-data/${person.id}/export`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/spreadsheetml/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Conta',
      'Sessões',
      'Registro de acessos',
      'Links enviados',
      'Auditoria sobre a pessoa',
      'Auditoria pela pessoa',
      'E-mails',
    ]);
    const sessions = workbook.getWorksheet('Sessões');
    expect(sessions?.actualRowCount).toBeGreaterThan(1);
    const text = JSON.stringify(workbook.worksheets.map((sheet) => sheet.getSheetValues()));
    expect(text).toContain(PERSON_STREET);
    const [hash] = await ctx.query<{ value: string }>(
      sql`select token_hash as value from refresh_tokens where user_id = ${person.id} limit 1`,
    );
    expect(text).not.toContain(hash?.value);
  });

  it('answers 404 for an unknown account', async () => {
    const response = await asAdmin('GET', '/api/usuario/personal-data/999999');
    expect(response.statusCode).toBe(404);
  });
});
