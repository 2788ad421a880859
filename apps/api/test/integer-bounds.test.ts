import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, pngImage } from './multipart.ts';
import { createTestApp, type TestContext } from './test-app.ts';

/*
 * Every integer that names a row is read through one shared id schema (packages/shared
 * ids.schemas.ts): decimal digits only, within its column's range. Past the range the database would
 * refuse the value, and that refusal used to come back as a 500.
 */
let ctx: TestContext;
let authorization: string;
let png: Buffer;

const PAST_THE_COLUMN = ['2147483648', '9999999999', '99999999999999999999'];
const NOT_DECIMAL = ['0x10', '1e3', '+5', ' 5', '5 ', '5.0', '-1', '0', ''];

const user = (profile: unknown) => ({
  email: 'bounds@scentia.test',
  nome: 'Ana Souza',
  profile,
});

function fragranceForm(categoryId: string) {
  return multipart([
    { name: 'name', value: 'Limão Siciliano' },
    { name: 'ofactoryWay', value: 'Cítrico fresco' },
    { name: 'categoryId', value: categoryId },
    { name: 'image.file', fileName: 'limao.png', contentType: 'image/png', bytes: png },
  ]);
}

beforeAll(async () => {
  ctx = await createTestApp();
  png = await pngImage(64, 48);
  const admin = await ctx.createAccount();
  authorization = `Bearer ${(await ctx.signIn(admin.email, admin.password)).token}`;
  await ctx.app.inject({
    method: 'POST',
    url: '/api/categories',
    payload: { name: 'Cítricos' },
    headers: { authorization },
  });
  const created = await send('POST', '/api/fragrances', fragranceForm('1'));
  if (created.statusCode !== 201) throw new Error(created.body);
});
afterAll(() => ctx.close());

async function send(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: { payload: unknown; headers?: object },
) {
  return ctx.app.inject({
    method,
    url,
    headers: { authorization, ...(body?.headers ?? {}) },
    ...(body ? { payload: body.payload as string } : {}),
  });
}

describe('ids past their column', () => {
  it.each([2_147_483_648, 9_999_999_999, 2 ** 53, 0, -1, 1.5])(
    'POST and PUT /api/usuario refuse profile.id %s with a 400 naming the field',
    async (id) => {
      for (const [method, url] of [
        ['POST', '/api/usuario'],
        ['PUT', '/api/usuario/1'],
      ] as const) {
        const response = await send(method, url, { payload: user({ id }) });
        expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(400);
        const paths = response.json().fields.map((field: { path: string }) => field.path);
        expect(paths).toEqual([expect.stringMatching(/^profile/)]);
      }
    },
  );

  it.each([...PAST_THE_COLUMN, ...NOT_DECIMAL])(
    'POST and PUT /api/fragrances refuse the part categoryId=%j with a 400',
    async (categoryId) => {
      for (const [method, url] of [
        ['POST', '/api/fragrances'],
        ['PUT', '/api/fragrances/1'],
      ] as const) {
        const form = fragranceForm(categoryId);
        const response = await send(method, url, form);
        expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(400);
        expect(response.json().fields).toEqual([expect.objectContaining({ path: 'categoryId' })]);
      }
    },
  );

  it('still takes a category named in decimal digits, leading zeros included', async () => {
    const response = await send('POST', '/api/fragrances', fragranceForm('0001'));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().categoryId).toBe(1);
  });

  it.each(['0x1', '1e0', '+1', '%201', '1%20', '1.0', '01x', '2147483648', '99999999999999999999'])(
    'GET /api/usuario/%s is a 400, not another row or a 500',
    async (segment) => {
      const response = await send('GET', `/api/usuario/${segment}`);
      expect(response.statusCode, response.body).toBe(400);
    },
  );

  it.each(['0x1', '1e0', '+1', '2147483648'])('GET /api/audit?actorId=%s is a 400', async (value) => {
    const response = await send('GET', `/api/audit?actorId=${encodeURIComponent(value)}`);
    expect(response.statusCode, response.body).toBe(400);
  });

  it.each(['0x10', '1e1', '+1', '1.0'])('GET /api/usuario?page=%s is a 400', async (value) => {
    const response = await send('GET', `/api/usuario?page=${encodeURIComponent(value)}`);
    expect(response.statusCode, response.body).toBe(400);
  });
});
