import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await createTestApp();
  const admin = await ctx.createAccount({ name: 'Zelda Admin', email: 'zelda@scentia.test' });
  token = (await ctx.signIn(admin.email, admin.password)).token;
  // 23 more people, some with accents, one inactive, one unconfirmed.
  const names = [
    'João Silva',
    'Joana Souza',
    'Ângela Prado',
    'Álvaro Dias',
    'Conceição Lima',
    'Pedro Álvares',
    'Maria 50% Off',
  ];
  for (const [index, name] of names.entries()) {
    await ctx.createAccount({
      name,
      email: `pessoa${index}@exemplo.com.br`,
      isActive: index !== 1,
      isConfirmed: index !== 2,
    });
  }
  for (let index = 0; index < 16; index += 1) await ctx.createAccount({ name: `Cliente Número ${index}` });
});
afterAll(() => ctx.close());

const list = async (query: string, language = 'pt-BR') => {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/usuario?${query}`,
    headers: { authorization: `Bearer ${token}`, 'content-language': language },
  });
  return { status: response.statusCode, body: response.json() };
};

describe('GET /api/usuario — list contract', () => {
  it('answers {data, total, totalPages}, 10 per page by default, newest first', async () => {
    const { status, body } = await list('');
    expect(status).toBe(200);
    expect(body.total).toBe(24);
    expect(body.totalPages).toBe(3);
    expect(body.data).toHaveLength(10);
    const created = body.data.map((row: { createdAt: string }) => row.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
  });

  it('pages to the end and past it', async () => {
    expect((await list('page=3&perPage=10')).body.data).toHaveLength(4);
    const past = await list('page=4&perPage=10');
    expect(past.body).toEqual({ data: [], total: 24, totalPages: 3 });
    expect((await list('page=1&perPage=50')).body.data).toHaveLength(24);
  });

  it('never repeats or skips a row across pages, even with equal sort values', async () => {
    const seen = new Set<number>();
    for (let page = 1; page <= 3; page += 1) {
      for (const row of (await list(`page=${page}&perPage=10&orderBy=User.CreatedAt`)).body.data)
        seen.add(row.id);
    }
    expect(seen.size).toBe(24);
  });

  it.each([
    'User.Nome',
    'nome',
    'User.Email',
    'email',
    'User.CreatedAt',
    'createdAt',
    'User.Id',
    'id',
    'Profile.Nome',
    'profile',
    'user.nome',
  ])('sorts by %s in both directions', async (orderBy) => {
    const ascending = await list(`orderBy=${orderBy}&orderByDirection=asc&perPage=50`);
    const descending = await list(`orderBy=${orderBy}&orderByDirection=DESC&perPage=50`);
    expect(ascending.status).toBe(200);
    const ids = ascending.body.data.map((row: { id: number }) => row.id);
    expect(descending.body.data.map((row: { id: number }) => row.id)).toEqual([...ids].reverse());
  });

  it('sorts names alphabetically', async () => {
    const names = (await list('orderBy=User.Nome&orderByDirection=asc&perPage=10')).body.data.map(
      (row: { nome: string }) => row.nome,
    );
    // Accents and case do not move a name away from its letter, whatever the database collation.
    expect(names.slice(0, 4)).toEqual([
      'Álvaro Dias',
      'Ângela Prado',
      'Cliente Número 0',
      'Cliente Número 1',
    ]);
  });

  it.each([
    ['an unknown column', 'orderBy=password_hash'],
    ['SQL', 'orderBy=name;drop table users'],
    ['a subquery', 'orderBy=(select 1)'],
    ['a bad direction', 'orderByDirection=sideways'],
    ['a page size outside 10/20/50', 'perPage=11'],
    ['page 0', 'page=0'],
    ['a negative page', 'page=-1'],
    ['a non-numeric page', 'page=abc'],
    ['an unknown parameter', 'limit=1000'],
    ['a bad isActive', 'isActive=maybe'],
  ])('refuses %s with a 400 naming the field', async (_, query) => {
    const { status, body } = await list(query, 'en-US');
    expect(status).toBe(400);
    expect(body.code).toBe('VALIDATION');
    expect(body.fields.length).toBeGreaterThan(0);
  });

  it('still has every user after hostile input', async () => {
    await list("orderBy=name');delete from users;--");
    expect((await list('')).body.total).toBe(24);
  });

  it('searches name and e-mail, ignoring case and accents both ways', async () => {
    const ids = async (query: string) =>
      (await list(query)).body.data.map((row: { nome: string }) => row.nome).sort();
    expect(await ids('search=joao')).toEqual(['João Silva']);
    expect(await ids('search=JOÃO')).toEqual(['João Silva']);
    expect(await ids('search=alvar')).toEqual(['Pedro Álvares', 'Álvaro Dias']);
    expect(await ids('search=conceicao')).toEqual(['Conceição Lima']);
    expect(await ids('FilterString=angela')).toEqual(['Ângela Prado']);
    expect(await ids('search=pessoa3%40exemplo')).toEqual(['Álvaro Dias']);
  });

  it('matches the start of words, not their middle (word-prefix search)', async () => {
    const ids = async (query: string) =>
      (await list(query)).body.data.map((row: { nome: string }) => row.nome).sort();
    expect(await ids('search=conc%20lim')).toEqual(['Conceição Lima']);
    expect(await ids('search=onceicao')).toEqual([]);
    // The e-mail is split into words at its punctuation: its domain is a word too.
    expect((await list('search=exemplo')).body.total).toBeGreaterThan(1);
  });

  it('treats % and _ in a search literally', async () => {
    expect((await list('search=50%25')).body.data.map((row: { nome: string }) => row.nome)).toEqual([
      'Maria 50% Off',
    ]);
    expect((await list('search=%25%25%25')).body.total).toBe(0);
  });

  it('filters active and inactive users, and counts what it filters', async () => {
    const active = await list('isActive=true&perPage=50');
    const inactive = await list('isActive=false');
    expect(active.body.total).toBe(23);
    expect(inactive.body.total).toBe(1);
    expect(inactive.body.data[0]).toMatchObject({ nome: 'Joana Souza', ativo: false });
    expect(inactive.body.data[0].deletedAt).not.toBeNull();
  });

  it('combines search, filter, sort and paging', async () => {
    const { body } = await list(
      'search=cliente&isActive=true&orderBy=User.Nome&orderByDirection=asc&page=2&perPage=10',
    );
    expect(body.total).toBe(16);
    expect(body.totalPages).toBe(2);
    expect(body.data).toHaveLength(6);
  });

  it('answers the spec fields for each row, and never a password hash', async () => {
    const { body } = await list('search=joao');
    expect(Object.keys(body.data[0]).sort()).toEqual(
      [
        'address',
        'anonymizedAt',
        'ativo',
        'birthday',
        'confirmedAt',
        'cpf',
        'createdAt',
        'deletedAt',
        'document',
        'email',
        'genre',
        'id',
        'nome',
        'profile',
        'updatedAt',
      ].sort(),
    );
    expect(JSON.stringify(body)).not.toMatch(/argon2/);
  });
});

describe('GET /api/usuario — multi-word search', () => {
  it('requires every word, in any order', async () => {
    const names = async (query: string) =>
      (await list(query)).body.data.map((row: { nome: string }) => row.nome);
    expect(await names('search=silva%20joao')).toEqual(['João Silva']);
    expect(await names('search=joao%20souza')).toEqual([]);
  });

  it('sorts by name the matches of both states, or of one', async () => {
    // Both names start with the first word; the other word is in their e-mails; Joana is inactive.
    const names = async (query: string) =>
      (await list(`search=jo%20pessoa&orderBy=User.Nome&${query}`)).body.data.map(
        (row: { nome: string }) => row.nome,
      );
    expect(await names('orderByDirection=asc')).toEqual(['Joana Souza', 'João Silva']);
    expect(await names('orderByDirection=desc')).toEqual(['João Silva', 'Joana Souza']);
    expect(await names('orderByDirection=asc&isActive=true')).toEqual(['João Silva']);
    expect(await names('orderByDirection=asc&isActive=false')).toEqual(['Joana Souza']);
  });
});
