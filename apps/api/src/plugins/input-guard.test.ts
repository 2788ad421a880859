import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Language } from '@scentia/shared/locales';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { changedParts, createStateDigest } from '../../test/fuzz/state-digest.ts';
import { multipart, pngImage } from '../../test/multipart.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
let token: string;
let categoryId: number;
let userId: number;
let digest: Awaited<ReturnType<typeof createStateDigest>>;
let before: Awaited<ReturnType<typeof digest>>;

const messages: Record<Language, string> = {
  'pt-BR': 'Contém um caractere não permitido (U+0000).',
  'en-US': 'Contains a character that is not allowed (U+0000).',
  'es-ES': 'Contiene un carácter no permitido (U+0000).',
};

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'scentia-guard-'));
  ctx = await createTestApp({ DATA_DIR: dataDir });
  const admin = await ctx.createAccount({ profile: 'ADMIN' });
  userId = (await ctx.createAccount({ profile: 'OPERADOR', name: 'Pessoa Editada' })).id;
  token = (await ctx.signIn(admin.email, admin.password)).token;
  const category = await ctx.app.inject({
    method: 'POST',
    url: '/api/categories',
    payload: { name: 'Cítricos' },
    headers: { authorization: `Bearer ${token}` },
  });
  categoryId = category.json().categoryId;
  digest = await createStateDigest(ctx, join(dataDir, 'files'));
});
afterAll(() => ctx.close());
beforeEach(async () => {
  before = await digest();
});

function call(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  options: { payload?: unknown; headers?: Record<string, string> } = {},
) {
  return ctx.app.inject({
    method,
    url,
    payload: options.payload as string,
    headers: { authorization: `Bearer ${token}`, ...options.headers },
  });
}

/** A 400 VALIDATION naming the field and the character, and not one row or file changed. */
async function expectRefused(response: Awaited<ReturnType<typeof call>>, path: string, character = 'U+0000') {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({
    code: 'VALIDATION',
    fields: [{ path, message: expect.stringContaining(`(${character})`) }],
  });
  expect(changedParts(before, await digest())).toEqual([]);
}

describe('a body declared in a charset other than UTF-8', () => {
  it("POST /api/categories: a 415 in the request's language, nothing stored", async () => {
    const latin1 = Buffer.from(JSON.stringify({ name: 'Maçã' }), 'latin1');
    for (const charset of ['iso-8859-1', '"windows-1252"', 'UTF-16']) {
      const response = await call('POST', '/api/categories', {
        payload: latin1,
        headers: { 'content-type': `application/json; charset=${charset}`, 'content-language': 'en-US' },
      });
      expect(response.statusCode, charset).toBe(415);
      expect(response.json(), charset).toEqual({
        statusCode: 415,
        code: 'UNSUPPORTED_CHARSET',
        message: 'Send the body in UTF-8 (charset=utf-8): no other character set is accepted.',
      });
    }
    expect(changedParts(before, await digest())).toEqual([]);
  });

  it('takes UTF-8 however it is written, and a body that declares none', async () => {
    for (const [contentType, name] of [
      ['application/json; charset=UTF-8', 'Maçã'],
      ['application/json;charset="utf8"', 'Pêra'],
      ['application/json', 'Limão'],
    ] as const) {
      const response = await call('POST', '/api/categories', {
        payload: Buffer.from(JSON.stringify({ name })),
        headers: { 'content-type': contentType },
      });
      expect(response.statusCode, contentType).toBe(201);
      const stored = await call('GET', `/api/categories/${response.json().categoryId}`);
      expect(stored.json().name).toBe(name);
    }
  });
});

describe('text with a refused character, anywhere the API takes text', () => {
  it('POST /api/login: a 400 naming Login in every language, not a 500', async () => {
    for (const language of ['pt-BR', 'en-US', 'es-ES'] as const) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'content-language': language },
        payload: { Login: 'a\u0000b@x.com', Senha: 'x' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        statusCode: 400,
        code: 'VALIDATION',
        message: expect.any(String),
        fields: [{ path: 'Login', message: messages[language] }],
      });
    }
    expect(changedParts(before, await digest())).toEqual([]);
  });

  it.each([
    ['/api/categories?search=a%00b', 'search'],
    ['/api/fragrances?search=%00', 'search'],
    ['/api/categories/quick-search?str=ci%00', 'str'],
    ['/api/fragrances/quick-search?str=%00lim', 'str'],
    ['/api/usuario?search=ana%00', 'search'],
  ])('GET %s: a 400 naming the query parameter', async (url, path) => {
    await expectRefused(await call('GET', url), path);
  });

  it('a path parameter with a percent-encoded NUL', async () => {
    await expectRefused(await call('GET', '/api/categories/1%00'), 'id');
  });

  it('category saves: create and update, in a value, a translation and a key', async () => {
    await expectRefused(
      await call('POST', '/api/categories', { payload: { name: 'Flo\u0000rais' } }),
      'name',
    );
    await expectRefused(
      await call('PUT', `/api/categories/${categoryId}`, {
        payload: { name: 'Cítricos', translations: [{ language: 'en-US', name: 'Cit\u0000rus' }] },
      }),
      'translations.0.name',
    );
    await expectRefused(
      await call('POST', '/api/categories', { payload: { name: 'Florais', 'na\u0000me': 'x' } }),
      'na\\u0000me',
    );
  });

  it('user saves: create and update', async () => {
    const newUser = {
      email: 'nova@scentia.test',
      nome: 'Nova\u0000Pessoa',
      cpf: null,
      document: null,
      ativo: true,
      profile: 'OPERADOR',
      birthday: null,
      genre: null,
      address: null,
    };
    await expectRefused(await call('POST', '/api/usuario', { payload: newUser }), 'nome');
    await expectRefused(
      await call('PUT', `/api/usuario/${userId}`, { payload: { nome: 'Pessoa\u0000Editada' } }),
      'nome',
    );
  });

  it('lone surrogates, C1 controls and noncharacters, escaped in JSON text', async () => {
    const send = (json: string) =>
      call('POST', '/api/categories', { payload: json, headers: { 'content-type': 'application/json' } });
    await expectRefused(await send('{"name":"Ab\\ud800c"}'), 'name', 'U+D800');
    await expectRefused(await send('{"name":"\\udc00Abc"}'), 'name', 'U+DC00');
    await expectRefused(await send('{"name":"Ab\\u009bc"}'), 'name', 'U+009B');
    await expectRefused(await send('{"name":"Abc\\uffff"}'), 'name', 'U+FFFF');
  });

  it('a URL that cannot be decoded, or a path parameter past its length: our 4xx body, localized', async () => {
    for (const [url, status] of [
      ['/api/categories/%C0%80', 400],
      [`/api/categories/${'9'.repeat(400)}`, 414],
    ] as const) {
      const response = await call('GET', url, { headers: { 'content-language': 'en-US' } });
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({
        statusCode: status,
        code: 'VALIDATION',
        message: 'The data sent is invalid.',
      });
      expect(response.headers['content-language']).toBe('en-US');
    }
  });

  it('keeps TAB, LF, CR and any script, and surrogate pairs whole', async () => {
    const response = await call('POST', '/api/categories', { payload: { name: 'Flo\trais 🌸 香水' } });
    expect(response.statusCode).toBe(201);
  });

  it('a multipart field value, or its name, is refused the same way', async () => {
    const image = await pngImage(64, 48);
    const send = async (parts: Array<{ name: string; value: string }>) => {
      const { payload, headers } = multipart([
        ...parts,
        { name: 'image.file', fileName: 'limao.png', contentType: 'image/png', bytes: image },
      ]);
      return call('POST', '/api/fragrances', { payload, headers });
    };
    const fields = [
      { name: 'ofactoryWay', value: 'Cítrico fresco' },
      { name: 'categoryId', value: String(categoryId) },
    ];
    await expectRefused(await send([{ name: 'name', value: 'Lim\u0000ão' }, ...fields]), 'name');
    await expectRefused(
      await send([
        { name: 'name', value: 'Limão' },
        ...fields,
        { name: 'translations[0][olfactoryWay]', value: 'Fresh\u0085' },
      ]),
      'translations[0][olfactoryWay]',
      'U+0085',
    );
    await expectRefused(
      await send([{ name: 'na\u0001me', value: 'Limão' }, ...fields]),
      'na\\u0001me',
      'U+0001',
    );
  });
});
