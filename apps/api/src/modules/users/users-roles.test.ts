import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
type Actor = 'admin' | 'operator' | 'user' | 'anonymous';
const tokens: Record<Actor, string | undefined> = {
  admin: undefined,
  operator: undefined,
  user: undefined,
  anonymous: undefined,
};
let operatorId: number;
let adminId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  const admin = await ctx.createAccount({ profile: 'ADMIN' });
  const operator = await ctx.createAccount({ profile: 'OPERADOR' });
  const user = await ctx.createAccount({ profile: 'USER' });
  adminId = admin.id;
  operatorId = operator.id;
  tokens.admin = (await ctx.signIn(admin.email, admin.password)).token;
  tokens.operator = (await ctx.signIn(operator.email, operator.password)).token;
  tokens.user = (await ctx.signIn(user.email, user.password)).token;
});
afterAll(() => ctx.close());

let confirmedId: number;
let unconfirmedId: number;
beforeEach(async () => {
  confirmedId = (await ctx.createAccount({ profile: 'OPERADOR' })).id;
  unconfirmedId = (await ctx.createAccount({ profile: 'OPERADOR', isConfirmed: false })).id;
});

function call(actor: Actor, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const token = tokens[actor];
  return ctx.app.inject({ method, url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });
}

let sequence = 0;
function newUser(profile = 'OPERADOR') {
  sequence += 1;
  return {
    email: `novo${sequence}@scentia.test`,
    nome: 'Nova Pessoa',
    cpf: null,
    document: null,
    ativo: true,
    profile,
    birthday: null,
    genre: null,
    address: null,
  };
}

async function stateOf(id: number) {
  const [row] = await ctx.query<{ deleted: boolean; name: string } | undefined>(
    sql`select deleted_at is not null as deleted, name from users where id = ${id}`,
  );
  return row;
}

const matrix: [
  string,
  (id: () => number) => [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object],
  Record<Actor, number>,
][] = [
  ['list', () => ['GET', '/api/usuario'], { admin: 200, operator: 200, user: 403, anonymous: 401 }],
  [
    'get one',
    (id) => ['GET', `/api/usuario/${id()}`],
    { admin: 200, operator: 200, user: 403, anonymous: 401 },
  ],
  [
    'create with their own profile',
    () => ['POST', '/api/usuario', newUser('OPERADOR')],
    { admin: 201, operator: 201, user: 403, anonymous: 401 },
  ],
  [
    'create an ADMIN',
    () => ['POST', '/api/usuario', newUser('ADMIN')],
    { admin: 201, operator: 403, user: 403, anonymous: 401 },
  ],
  ['export', () => ['GET', '/api/export'], { admin: 200, operator: 200, user: 403, anonymous: 401 }],
];

describe('role matrix: users endpoints', () => {
  for (const [action, request, expected] of matrix) {
    for (const actor of Object.keys(expected) as Actor[]) {
      it(`${action} — ${actor} gets ${expected[actor]}`, async () => {
        const [method, url, payload] = request(() => confirmedId);
        expect((await call(actor, method, url, payload)).statusCode).toBe(expected[actor]);
      });
    }
  }
});

describe('role matrix: row actions (spec §4 user row actions)', () => {
  it('toggle: admin on a confirmed user only', async () => {
    expect((await call('admin', 'PUT', `/api/usuario/${confirmedId}`, { ativo: false })).statusCode).toBe(
      200,
    );
    expect(await stateOf(confirmedId)).toMatchObject({ deleted: true });
    expect((await call('admin', 'PUT', `/api/usuario/${confirmedId}`, { ativo: true })).json().ativo).toBe(
      true,
    );

    const unconfirmed = await call('admin', 'PUT', `/api/usuario/${unconfirmedId}`, { ativo: false });
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json().code).toBe('USER_UNCONFIRMED');
    expect(await stateOf(unconfirmedId)).toMatchObject({ deleted: false });

    for (const actor of ['operator', 'user', 'anonymous'] as const) {
      expect((await call(actor, 'PUT', `/api/usuario/${confirmedId}`, { ativo: false })).statusCode).toBe(
        actor === 'operator' ? 403 : actor === 'user' ? 403 : 401,
      );
    }
    expect(await stateOf(confirmedId)).toMatchObject({ deleted: false });
  });

  it('toggle: an admin cannot deactivate themselves', async () => {
    const response = await call('admin', 'PUT', `/api/usuario/${adminId}`, { ativo: false });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('SELF_DEACTIVATION');
  });

  it('delete: admin on an unconfirmed user only; a confirmed one is refused and kept', async () => {
    const confirmed = await call('admin', 'DELETE', `/api/usuario/${confirmedId}`);
    expect(confirmed.statusCode).toBe(409);
    expect(confirmed.json().code).toBe('USER_CONFIRMED');
    expect(await stateOf(confirmedId)).toBeDefined();

    expect((await call('operator', 'DELETE', `/api/usuario/${unconfirmedId}`)).statusCode).toBe(403);
    expect((await call('user', 'DELETE', `/api/usuario/${unconfirmedId}`)).statusCode).toBe(403);
    expect((await call('anonymous', 'DELETE', `/api/usuario/${unconfirmedId}`)).statusCode).toBe(401);
    expect(await stateOf(unconfirmedId)).toBeDefined();

    expect((await call('admin', 'DELETE', `/api/usuario/${unconfirmedId}`)).statusCode).toBe(204);
    expect(await stateOf(unconfirmedId)).toBeUndefined();
    expect((await call('admin', 'DELETE', `/api/usuario/${unconfirmedId}`)).statusCode).toBe(404);
  });

  it('edit: an admin edits anyone; a non-admin only their own record', async () => {
    const body = (name: string) => ({ ...newUser('OPERADOR'), nome: name });
    const adminEdit = await call('admin', 'PUT', `/api/usuario/${confirmedId}`, {
      ...body('Editada Pelo Admin'),
      email: `c${confirmedId}@scentia.test`,
    });
    expect(adminEdit.statusCode).toBe(200);
    expect(adminEdit.json().nome).toBe('Editada Pelo Admin');

    const other = await call('operator', 'PUT', `/api/usuario/${confirmedId}`, {
      ...body('Invasora'),
      email: `c${confirmedId}@scentia.test`,
    });
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('OWN_RECORD_ONLY');
    expect((await stateOf(confirmedId))?.name).toBe('Editada Pelo Admin');

    const own = await call('operator', 'PUT', `/api/usuario/${operatorId}`, {
      ...body('Operadora Renomeada'),
      email: `op${operatorId}@scentia.test`,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().nome).toBe('Operadora Renomeada');
    expect((await call('user', 'PUT', `/api/usuario/${confirmedId}`, body('Usuária'))).statusCode).toBe(403);
    expect((await call('anonymous', 'PUT', `/api/usuario/${confirmedId}`, body('Anônima'))).statusCode).toBe(
      401,
    );
  });

  it('edit: a non-admin cannot promote themselves or change their own state', async () => {
    const promote = await call('operator', 'PUT', `/api/usuario/${operatorId}`, {
      ...newUser('ADMIN'),
      email: `op${operatorId}@scentia.test`,
    });
    expect(promote.statusCode).toBe(403);
    expect(promote.json().code).toBe('PROFILE_NOT_ALLOWED');
    const deactivate = await call('operator', 'PUT', `/api/usuario/${operatorId}`, {
      ...newUser('OPERADOR'),
      ativo: false,
      email: `op${operatorId}@scentia.test`,
    });
    expect(deactivate.statusCode).toBe(403);
    expect(await stateOf(operatorId)).toMatchObject({ deleted: false });
  });

  it('resend: any staff member, for unconfirmed users', async () => {
    expect((await call('operator', 'PUT', `/api/usuario/resend-mail/${unconfirmedId}`)).statusCode).toBe(204);
    expect((await call('admin', 'PUT', `/api/usuario/resend-mail/${unconfirmedId}`)).statusCode).toBe(204);
    expect((await call('user', 'PUT', `/api/usuario/resend-mail/${unconfirmedId}`)).statusCode).toBe(403);
    expect((await call('anonymous', 'PUT', `/api/usuario/resend-mail/${unconfirmedId}`)).statusCode).toBe(
      401,
    );
  });
});

describe('POST /api/usuario and PUT /api/usuario/{id} — the user body', () => {
  it('creates an unconfirmed Brazilian user, normalised, and queues the registration mail', async () => {
    const response = await call('admin', 'POST', '/api/usuario', {
      ...newUser('OPERADOR'),
      email: 'fernanda.rocha@exemplo.com.br',
      nome: 'Fernanda Rocha',
      cpf: '529.982.247-25',
      birthday: '1991-03-08',
      genre: 'F',
      address: {
        country: 'br',
        zipcode: '01310-100',
        street: 'Avenida Paulista, 1000',
        city: 'São Paulo',
        state: 'SP',
      },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      id: expect.any(Number),
      nome: 'Fernanda Rocha',
      cpf: '52998224725',
      birthday: '1991-03-08',
      ativo: true,
      confirmedAt: null,
      profile: { nome: 'OPERADOR' },
      address: { country: 'BR', zipcode: '01310100', city: 'São Paulo', state: 'SP' },
    });
    const [mail] = await ctx.query<{ kind: string; link: string }>(
      sql`select kind, link from mail_outbox where to_address = 'fernanda.rocha@exemplo.com.br'`,
    );
    expect(mail?.kind).toBe('registration');
    expect(new URL(mail?.link ?? '').pathname).toBe('/auth/cadastrar-senha');
  });

  it.each([
    ['pt-BR', 'CPF Inválido'],
    ['en-US', 'Invalid CPF'],
    ['es-ES', 'CPF no válido'],
  ])('refuses a wrong CPF for Brazil with the %s message, writing nothing', async (language, message) => {
    const users = await ctx.countRows('users');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/usuario',
      headers: { authorization: `Bearer ${tokens.admin}`, 'content-language': language },
      payload: { ...newUser(), cpf: '529.982.247-24', address: { country: 'BR' } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual([{ path: 'cpf', message }]);
    expect(await ctx.countRows('users')).toBe(users);
  });

  it('refuses a taken e-mail on create and on update with 409', async () => {
    const taken = await ctx.createAccount();
    expect(
      (await call('admin', 'POST', '/api/usuario', { ...newUser(), email: taken.email.toUpperCase() })).json()
        .code,
    ).toBe('EMAIL_TAKEN');
    const update = await call('admin', 'PUT', `/api/usuario/${confirmedId}`, {
      ...newUser(),
      email: taken.email,
    });
    expect(update.statusCode).toBe(409);
  });

  it('refuses an unknown profile', async () => {
    const response = await call('admin', 'POST', '/api/usuario', newUser('GERENTE'));
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('PROFILE_NOT_FOUND');
  });

  it('reports a broken toggle body with field messages', async () => {
    const response = await call('admin', 'PUT', `/api/usuario/${confirmedId}`, { ativo: 'yes' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[0].path).toBe('ativo');
  });

  it('answers 404 for unknown ids and 400 for malformed ones', async () => {
    expect((await call('admin', 'GET', '/api/usuario/987654')).statusCode).toBe(404);
    expect((await call('admin', 'GET', '/api/usuario/abc')).statusCode).toBe(400);
    expect((await call('admin', 'PUT', '/api/usuario/987654', newUser())).statusCode).toBe(404);
  });
});
