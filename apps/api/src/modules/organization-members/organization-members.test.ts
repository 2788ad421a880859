import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { membersTestKit } from '../../../test/members-test-kit.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
let kit: ReturnType<typeof membersTestKit>;
let adminToken: string;
let sequence = 0;
const nextEmail = (prefix: string) => `${prefix}${++sequence}@cliente.test`;

beforeAll(async () => {
  ctx = await createTestApp();
  kit = membersTestKit(ctx);
  const admin = await ctx.createAccount({ profile: 'ADMIN' });
  adminToken = (await ctx.signIn(admin.email, admin.password)).token;
});
afterAll(() => ctx.close());

async function signedInMember(options: Parameters<TestContext['createMember']>[0] = {}) {
  const member = await ctx.createMember(options);
  const session = await ctx.signIn(member.email, member.password);
  return { ...member, token: session.token, refreshToken: session.refreshToken };
}

const membersUrl = (organizationId: number) => `/api/organizations/members/${organizationId}`;

describe('inviting a new e-mail', () => {
  it('creates an unconfirmed client account with a pending membership, accepted by setting the password', async () => {
    const { organizationId } = await ctx.createMember({ role: 'manager' });
    const email = nextEmail('nova');
    const invited = await kit.call(adminToken, 'POST', membersUrl(organizationId), {
      email,
      nome: 'Nova Pessoa',
      role: 'viewer',
    });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json()).toMatchObject({ nome: 'Nova Pessoa', email, role: 'viewer', acceptedAt: null });

    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: 'x' },
    });
    expect(refused.statusCode).toBe(401);

    const link = await kit.mailedLink(email);
    expect(link.kind).toBe('invitation');
    expect(link.path).toBe('/auth/cadastrar-senha');
    expect(link.subject).toContain(`Cliente`);
    const accepted = await kit.useLink(link.token, 'Nova#1234');
    expect(accepted.statusCode, accepted.body).toBe(200);

    const session = await ctx.signIn(email, 'Nova#1234');
    const me = await kit.call(session.token, 'GET', '/api/usuario/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().membership).toEqual({
      organizationId,
      organizationName: expect.stringContaining('Cliente'),
      role: 'viewer',
      locationIds: null,
    });
    const list = await kit.call(adminToken, 'GET', membersUrl(organizationId));
    const row = list.json().data.find((member: { email: string }) => member.email === email);
    expect(row.acceptedAt).not.toBeNull();
  });

  it('re-inviting replaces the earlier link and takes the new role', async () => {
    const { organizationId } = await ctx.createMember({ role: 'manager' });
    const email = nextEmail('reconvite');
    const body = { email, nome: 'Re Convite', role: 'viewer' };
    expect((await kit.call(adminToken, 'POST', membersUrl(organizationId), body)).statusCode).toBe(201);
    const first = await kit.mailedLink(email);
    const again = await kit.call(adminToken, 'POST', membersUrl(organizationId), {
      ...body,
      role: 'manager',
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().role).toBe('manager');
    expect((await kit.useLink(first.token, 'Nova#1234')).statusCode).toBe(400);
    expect((await kit.useLink((await kit.mailedLink(email)).token, 'Nova#1234')).statusCode).toBe(200);
    const [row] = await ctx.query<{ count: number }>(
      sql`select count(*)::int as count from organization_members m join users u on u.id = m.user_id
        where u.email = ${email} and m.accepted_at is not null and m.role = 'manager'`,
    );
    expect(row?.count).toBe(1);
  });
});

describe('inviting an existing account', () => {
  it('a client account without a membership gets a link that accepts, with no password asked', async () => {
    const { organizationId } = await ctx.createMember({ role: 'manager' });
    const person = await ctx.createAccount({ profile: 'CLIENT' });
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'accept-language': 'pt-BR' },
      payload: { email: person.email, password: person.password },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({
      code: 'NOT_A_MEMBER',
      message: expect.stringContaining('organização'),
    });

    const invited = await kit.call(adminToken, 'POST', membersUrl(organizationId), {
      email: person.email,
      nome: 'Ignorado',
      role: 'manager',
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const link = await kit.mailedLink(person.email);
    expect(link.kind).toBe('invitationAccept');
    expect(link.path).toBe('/auth/ativar-conta');
    expect((await kit.useLink(link.token)).statusCode).toBe(200);
    const session = await ctx.signIn(person.email, person.password);
    expect((await kit.call(session.token, 'GET', '/api/usuario/me')).json().membership.role).toBe('manager');
  });

  it.each([
    ['a staff account', 'OPERADOR'],
    ['an administrator', 'ADMIN'],
    ['an app user', 'USER'],
  ])('refuses %s with a localized 409', async (_, profile) => {
    const { organizationId } = await ctx.createMember({ role: 'manager' });
    const person = await ctx.createAccount({ profile });
    const response = await kit.call(adminToken, 'POST', membersUrl(organizationId), {
      email: person.email.toUpperCase(),
      nome: 'Equipe',
      role: 'viewer',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'MEMBER_EMAIL_NOT_CLIENT',
      message: expect.stringContaining('staff'),
    });
  });

  it('refuses a member of another organisation, and a member already accepted here', async () => {
    const other = await ctx.createMember({ role: 'viewer' });
    const { organizationId } = await ctx.createMember({ role: 'manager' });
    const here = await ctx.createMember({ role: 'viewer', organizationId });
    const elsewhere = await kit.call(adminToken, 'POST', membersUrl(organizationId), {
      email: other.email,
      nome: 'Outra',
      role: 'viewer',
    });
    expect(elsewhere.json().code).toBe('MEMBER_OF_ANOTHER_ORGANIZATION');
    const already = await kit.call(adminToken, 'POST', membersUrl(organizationId), {
      email: here.email,
      nome: 'Já Membro',
      role: 'manager',
    });
    expect(already.json().code).toBe('MEMBER_ALREADY');
  });
});

describe('who may manage members', () => {
  it('a Manager manages their own organisation; another organisation answers 404; a Viewer is refused', async () => {
    const manager = await signedInMember({ role: 'manager' });
    const viewer = await signedInMember({ role: 'viewer', organizationId: manager.organizationId });
    const other = await ctx.createMember({ role: 'manager' });

    const own = await kit.call(manager.token, 'GET', membersUrl(manager.organizationId));
    expect(own.statusCode).toBe(200);
    expect(own.json().total).toBe(2);
    for (const [method, url, body] of [
      ['GET', membersUrl(other.organizationId), undefined],
      ['POST', membersUrl(other.organizationId), { email: nextEmail('x'), nome: 'Pessoa X', role: 'viewer' }],
      ['PUT', `${membersUrl(other.organizationId)}/1`, { role: 'viewer' }],
      ['DELETE', `${membersUrl(other.organizationId)}/1`, undefined],
    ] as const) {
      expect((await kit.call(manager.token, method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    // A member id of another organisation under one's own organisation is unknown too.
    const [foreign] = await ctx.query<{ id: number }>(
      sql`select id from organization_members where user_id = ${other.id}`,
    );
    const put = await kit.call(manager.token, 'PUT', `${membersUrl(manager.organizationId)}/${foreign?.id}`, {
      role: 'viewer',
    });
    expect(put.statusCode).toBe(404);
    expect((await kit.call(viewer.token, 'GET', membersUrl(manager.organizationId))).statusCode).toBe(403);
  });

  it('locations must be active locations of the organisation; a limited Manager hands out only theirs', async () => {
    const { organizationId } = await ctx.createMember({ role: 'manager' });
    const mine = await kit.addLocation(organizationId, 'Loja A');
    const alsoMine = await kit.addLocation(organizationId, 'Loja B');
    const other = await ctx.createMember({ role: 'manager' });
    const foreign = await kit.addLocation(other.organizationId, 'Loja de outra');

    const wrong = await kit.call(adminToken, 'POST', membersUrl(organizationId), {
      email: nextEmail('loc'),
      nome: 'Loc',
      role: 'viewer',
      locationIds: [mine, foreign],
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual([{ path: 'locationIds', message: expect.any(String) }]);

    const limited = await signedInMember({ role: 'manager', organizationId, locationIds: [mine] });
    const everything = await kit.call(limited.token, 'POST', membersUrl(organizationId), {
      email: nextEmail('tudo'),
      nome: 'Tudo',
      role: 'viewer',
    });
    expect(everything.statusCode).toBe(400);
    const beyond = await kit.call(limited.token, 'POST', membersUrl(organizationId), {
      email: nextEmail('alem'),
      nome: 'Além',
      role: 'viewer',
      locationIds: [alsoMine],
    });
    expect(beyond.statusCode).toBe(400);
    const within = await kit.call(limited.token, 'POST', membersUrl(organizationId), {
      email: nextEmail('dentro'),
      nome: 'Dentro',
      role: 'viewer',
      locationIds: [mine],
    });
    expect(within.statusCode, within.body).toBe(201);
    expect(within.json().locationIds).toEqual([mine]);
  });
});

describe('the last Manager', () => {
  it('cannot demote or remove themselves; with another Manager they can', async () => {
    const manager = await signedInMember({ role: 'manager' });
    const [own] = await ctx.query<{ id: number }>(
      sql`select id from organization_members where user_id = ${manager.id}`,
    );
    const url = `${membersUrl(manager.organizationId)}/${own?.id}`;
    const demoted = await kit.call(manager.token, 'PUT', url, { role: 'viewer' });
    expect(demoted.statusCode).toBe(409);
    expect(demoted.json().code).toBe('LAST_MANAGER');
    expect((await kit.call(manager.token, 'DELETE', url)).json().code).toBe('LAST_MANAGER');

    await ctx.createMember({ role: 'manager', organizationId: manager.organizationId });
    const stepped = await kit.call(manager.token, 'PUT', url, { role: 'viewer' });
    expect(stepped.statusCode, stepped.body).toBe(200);
    expect(stepped.json().role).toBe('viewer');
  });
});

describe('leaving at once', () => {
  it('a removed member is refused at the next request, and their refresh token is dead', async () => {
    const manager = await signedInMember({ role: 'manager' });
    const viewer = await signedInMember({ role: 'viewer', organizationId: manager.organizationId });
    expect((await kit.call(viewer.token, 'GET', '/api/usuario/me')).statusCode).toBe(200);
    const [row] = await ctx.query<{ id: number }>(
      sql`select id from organization_members where user_id = ${viewer.id}`,
    );
    const removed = await kit.call(
      manager.token,
      'DELETE',
      `${membersUrl(manager.organizationId)}/${row?.id}`,
    );
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await kit.call(viewer.token, 'GET', '/api/usuario/me')).statusCode).toBe(401);
    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: '/api/login/refresh',
      payload: { InstanciaAno: new Date().getFullYear(), Login: viewer.email, Refresh: viewer.refreshToken },
    });
    expect(refreshed.statusCode).toBe(401);
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: viewer.email, password: viewer.password },
    });
    expect(signIn.json().code).toBe('NOT_A_MEMBER');
  });

  it('deactivating the organisation ends its members’ sessions', async () => {
    const manager = await signedInMember({ role: 'manager' });
    expect((await kit.call(manager.token, 'GET', '/api/usuario/me')).statusCode).toBe(200);
    const deactivated = await kit.call(adminToken, 'DELETE', `/api/organizations/${manager.organizationId}`);
    expect(deactivated.statusCode, deactivated.body).toBeLessThan(300);
    expect((await kit.call(manager.token, 'GET', '/api/usuario/me')).statusCode).toBe(401);
    const [tokens] = await ctx.query<{ live: number }>(
      sql`select count(*)::int as live from refresh_tokens where user_id = ${manager.id} and revoked_at is null`,
    );
    expect(tokens?.live).toBe(0);
  });
});

describe('the trail', () => {
  it('records the invitation, the change and the removal under the organisation', async () => {
    const { organizationId } = await ctx.createMember({ role: 'manager' });
    const email = nextEmail('trilha');
    const invited = await kit.call(adminToken, 'POST', membersUrl(organizationId), {
      email,
      nome: 'Trilha',
      role: 'viewer',
    });
    const url = `${membersUrl(organizationId)}/${invited.json().id}`;
    expect((await kit.call(adminToken, 'PUT', url, { role: 'manager' })).statusCode).toBe(200);
    expect((await kit.call(adminToken, 'DELETE', url)).statusCode).toBe(204);
    const changes = await ctx.query<{ before: unknown; after: unknown }>(
      sql`select before, after from audit_changes where table_name = 'organization_members'
        and record_type = 'organization' and record_id = ${String(organizationId)}
        and row_key = ${String(invited.json().id)} order by id`,
    );
    expect(changes.map((change) => [change.before === null, change.after === null])).toEqual([
      [true, false],
      [false, false],
      [false, true],
    ]);
  });
});
