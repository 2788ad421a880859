import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
let token: string;
let existingId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  const admin = await ctx.createAccount({ profile: 'ADMIN' });
  token = (await ctx.signIn(admin.email, admin.password)).token;
  existingId = (await ctx.createAccount({ profile: 'OPERADOR', email: 'existente@scentia.test' })).id;
});
afterAll(() => ctx.close());

let sequence = 0;
function newUser(changes: Record<string, unknown> = {}) {
  sequence += 1;
  return { email: `corpo${sequence}@scentia.test`, nome: 'Nova Pessoa', profile: 'OPERADOR', ...changes };
}

function send(method: 'POST' | 'PUT', payload: object, language = 'pt-BR') {
  return ctx.app.inject({
    method,
    url: method === 'POST' ? '/api/usuario' : `/api/usuario/${existingId}`,
    headers: { authorization: `Bearer ${token}`, 'content-language': language },
    payload,
  });
}

const bodyFor = (method: 'POST' | 'PUT', changes: Record<string, unknown>) =>
  method === 'POST' ? newUser(changes) : { ...newUser(changes), email: 'existente@scentia.test' };

describe('POST /api/usuario and PUT /api/usuario/{id} — dates', () => {
  it.each([
    ['POST', '2001-02-30'],
    ['POST', '2001-02-29'],
    ['PUT', '2001-02-29'],
    ['PUT', '2001-04-31'],
    ['POST', '0000-01-01'],
    ['POST', '2001-02-29T05:00:00Z'],
  ] as const)(
    '%s refuses the impossible birthday %s with a 400 naming it, writing nothing',
    async (method, birthday) => {
      const users = await ctx.countRows('users');
      const response = await send(method, bodyFor(method, { birthday }));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().fields).toEqual([
        { path: 'birthday', message: 'Data inválida: informe um dia que exista no calendário (AAAA-MM-DD).' },
      ]);
      expect(await ctx.countRows('users')).toBe(users);
    },
  );

  it('keeps a leap day, and the day of a date sent with its time', async () => {
    const leap = await send('POST', newUser({ birthday: '2000-02-29' }));
    expect(leap.statusCode, leap.body).toBe(201);
    expect(leap.json().birthday).toBe('2000-02-29');
    const withTime = await send('PUT', bodyFor('PUT', { birthday: '1991-03-08T05:00:00.000Z' }));
    expect(withTime.statusCode, withTime.body).toBe(200);
    expect(withTime.json().birthday).toBe('1991-03-08');
  });
});

describe('POST /api/usuario — length messages name their limit', () => {
  const tooLong = {
    nome: 'N'.repeat(201),
    email: `${'a'.repeat(190)}@exemplo.com.br`,
    document: 'D'.repeat(15),
    address: { country: 'PT', street: 'S'.repeat(201), zipcode: '1'.repeat(13) },
  };
  it.each([
    ['pt-BR', (max: number) => `Deve ter no máximo ${max} caracteres.`],
    ['en-US', (max: number) => `Must be at most ${max} characters long.`],
    ['es-ES', (max: number) => `Debe tener como máximo ${max} caracteres.`],
  ])('in %s', async (language, message) => {
    const response = await send('POST', newUser(tooLong), language);
    expect(response.statusCode).toBe(400);
    const fields = response.json().fields as { path: string; message: string }[];
    expect(fields).toEqual(
      expect.arrayContaining([
        { path: 'nome', message: message(200) },
        { path: 'email', message: message(200) },
        { path: 'document', message: message(14) },
        { path: 'address.street', message: message(200) },
        { path: 'address.zipcode', message: message(12) },
      ]),
    );
    for (const field of fields) expect(field.message).not.toMatch(/\s{2}|\s\./);
  });
});

describe('POST /api/usuario — countries', () => {
  it('refuses a code that is not one of GET /api/geo/countries', async () => {
    const users = await ctx.countRows('users');
    for (const country of ['ZZ', 'XX', 'AA']) {
      const response = await send('POST', newUser({ address: { country } }), 'en-US');
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual([
        { path: 'address.country', message: 'Unknown country: choose a country from the list.' },
      ]);
    }
    expect(await ctx.countRows('users')).toBe(users);
  });

  it('takes any code the countries list serves, in any case', async () => {
    const countries = await ctx.app.inject({
      method: 'GET',
      url: '/api/geo/countries',
      headers: { authorization: `Bearer ${token}` },
    });
    const codes = (countries.json().data as { code: string }[]).map((country) => country.code);
    expect(codes).toContain('XK');
    const response = await send('POST', newUser({ address: { country: 'xk' } }));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().address.country).toBe('XK');
  });
});

describe('POST /api/usuario and PUT /api/usuario/{id} — a CPF outside Brazil', () => {
  it.each([
    ['pt-BR', 'CPF/CNPJ só vale para endereço no Brasil; para outro país, use o campo Documento.'],
    ['en-US', 'CPF/CNPJ applies only to an address in Brazil; for another country, use the Document field.'],
    ['es-ES', 'El CPF/CNPJ solo vale para una dirección en Brasil; para otro país, use el campo Documento.'],
  ])('is refused in %s, never dropped', async (language, message) => {
    const users = await ctx.countRows('users');
    const abroad = await send(
      'POST',
      newUser({ cpf: '529.982.247-25', address: { country: 'PT' } }),
      language,
    );
    expect(abroad.statusCode).toBe(400);
    expect(abroad.json().fields).toEqual([{ path: 'cpf', message }]);
    const nowhere = await send('PUT', bodyFor('PUT', { cpf: '52998224725', address: null }), language);
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json().fields).toEqual([{ path: 'cpf', message }]);
    expect(await ctx.countRows('users')).toBe(users);
  });

  it('keeps the CPF of a Brazilian address', async () => {
    const response = await send('POST', newUser({ cpf: '529.982.247-25', address: { country: 'BR' } }));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().cpf).toBe('52998224725');
  });
});

describe('PUT /api/usuario/{id} — stale saves', () => {
  it('refuses a save based on an older version with 409, changing nothing', async () => {
    const url = `/api/usuario/${existingId}`;
    const headers = { authorization: `Bearer ${token}` };
    const loaded = (await ctx.app.inject({ method: 'GET', url, headers })).json();
    const body = bodyFor('PUT', { nome: 'Primeira Pessoa', updatedAt: loaded.updatedAt });
    const first = await send('PUT', body);
    expect(first.statusCode, first.body).toBe(200);
    const stale = await send('PUT', { ...body, nome: 'Segunda Pessoa' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'STALE_RECORD' });
    expect((await ctx.app.inject({ method: 'GET', url, headers })).json().nome).toBe('Primeira Pessoa');
    const current = await send('PUT', { ...body, nome: 'Segunda Pessoa', updatedAt: first.json().updatedAt });
    expect(current.statusCode).toBe(200);
  });
});
