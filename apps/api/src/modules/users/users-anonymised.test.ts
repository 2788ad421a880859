import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
let adminToken: string;

beforeAll(async () => {
  ctx = await createTestApp();
  const admin = await ctx.createAccount({ profile: 'ADMIN' });
  adminToken = (await ctx.signIn(admin.email, admin.password)).token;
});
afterAll(() => ctx.close());

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return ctx.app.inject({
    method,
    url,
    payload,
    headers: { authorization: `Bearer ${adminToken}`, 'accept-language': 'pt-BR' },
  });
}

/** An account anonymised through its route, as an admin does it. */
async function anonymisedAccount(options: { isConfirmed?: boolean } = {}) {
  const { id } = await ctx.createAccount({ profile: 'OPERADOR', ...options });
  const response = await call('POST', `/api/usuario/anonymise/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return id;
}

async function rowOf(id: number) {
  const [row] = await ctx.query<{ name: string; email: string; active: boolean; updated_at: Date }>(
    sql`select name, email, deleted_at is null as active, updated_at from users where id = ${id}`,
  );
  return row;
}

async function mailCount() {
  const [row] = await ctx.query<{ total: number }>(sql`select count(*)::int as total from mail_outbox`);
  return row?.total;
}

function expectAnonymisedRefusal(response: { statusCode: number; json: () => unknown }) {
  expect(response.statusCode).toBe(409);
  expect(response.json()).toMatchObject({
    code: 'ACCOUNT_ANONYMISED',
    message: 'Esta conta foi anonimizada e não pode mais ser alterada.',
  });
}

describe('an anonymised account in the users module', () => {
  it('reads with the moment it was anonymised, in the record and in the list', async () => {
    const id = await anonymisedAccount();
    const record = (await call('GET', `/api/usuario/${id}`)).json();
    expect(record).toMatchObject({ id, nome: `#${id}`, ativo: false, anonymizedAt: expect.any(String) });

    // The newest first: the account just made leads the first page.
    const list = (await call('GET', '/api/usuario?perPage=50')).json();
    const row = list.data.find((user: { id: number }) => user.id === id);
    expect(row?.anonymizedAt).toBe(record.anonymizedAt);
    const other = list.data.find((user: { id: number }) => user.id !== id);
    if (other) expect(other.anonymizedAt).toBeNull();
  });

  it('refuses an edit, and changes nothing', async () => {
    const id = await anonymisedAccount();
    const before = await rowOf(id);
    const response = await call('PUT', `/api/usuario/${id}`, {
      email: 'de.volta@scentia.test',
      nome: 'Nome Restaurado',
      profile: 'OPERADOR',
      address: null,
    });
    expectAnonymisedRefusal(response);
    expect(await rowOf(id)).toEqual(before);
  });

  it('refuses to be activated, and stays inactive', async () => {
    const id = await anonymisedAccount();
    expectAnonymisedRefusal(await call('PUT', `/api/usuario/${id}`, { ativo: true }));
    expect((await rowOf(id))?.active).toBe(false);
  });

  it('refuses a new confirmation mail, even when it was never confirmed', async () => {
    const id = await anonymisedAccount({ isConfirmed: false });
    const mailsBefore = await mailCount();
    expectAnonymisedRefusal(await call('PUT', `/api/usuario/resend-mail/${id}`));
    expect(await mailCount()).toBe(mailsBefore);
    const [links] = await ctx.query<{ total: number }>(
      sql`select count(*)::int as total from temporary_requests where user_id = ${id}`,
    );
    expect(links?.total).toBe(0);
  });
});
