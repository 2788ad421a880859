import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeBrandKit, refusedUrl, startContentServer } from './content-server.ts';
import { createTestApp, type TestContext } from './test-app.ts';

type Server = Awaited<ReturnType<typeof startContentServer>>;

const svg = (label: string) =>
  new TextEncoder().encode(`<svg xmlns="http://www.w3.org/2000/svg"><title>${label}</title></svg>`);
// A PNG's signature and a few bytes: enough to be told apart, compressed or not.
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5, 6, 7, 8, 9]);

const kits: Record<string, FakeBrandKit> = {
  'pt-BR': {
    identityText: 'Identidade da Scentia: ameixa e lavanda.',
    updatedAt: '2026-11-20T12:30:00.000Z',
    logos: [
      { name: 'Logo principal.svg', ext: '.svg', mime: 'image/svg+xml', bytes: svg('principal') },
      // What an editor's upload may be called: only its last segment is kept.
      { name: '../../etc/símbolo.png', ext: '.png', mime: 'image/png', bytes: png },
    ],
  },
  'en-US': {
    identityText: 'Scentia identity: plum and lavender.',
    updatedAt: '2026-11-21T08:00:00.000Z',
    logos: [{ name: 'logo-en.svg', ext: '.svg', mime: 'image/svg+xml', bytes: svg('english') }],
  },
};

let content: Server;
let flakyServer: Server;
let embedded: TestContext;
let withService: TestContext;
let flaky: TestContext;
let down: TestContext;
const tokens = new Map<TestContext, string>();

async function staffToken(ctx: TestContext) {
  const account = await ctx.createAccount({ profile: 'OPERADOR' });
  tokens.set(ctx, (await ctx.signIn(account.email, account.password)).token);
}

const get = (ctx: TestContext, url: string, language = 'pt-BR') =>
  ctx.app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${tokens.get(ctx)}`, 'accept-language': language },
  });

beforeAll(async () => {
  content = await startContentServer({ version: 'v5', kits, defaultLocale: 'pt-BR', token: 'cms-token' });
  flakyServer = await startContentServer({ version: 'v5', kits, defaultLocale: 'pt-BR', delayMs: 3_000 });
  // One after the other: four apps starting at once on a busy machine outrun the plugins' start timeout.
  embedded = await createTestApp();
  withService = await createTestApp({ CONTENT_SERVICE_URL: content.url, CONTENT_SERVICE_TOKEN: 'cms-token' });
  flaky = await createTestApp({
    CONTENT_SERVICE_URL: flakyServer.url,
    CONTENT_SERVICE_TIMEOUT_MS: '300',
    CONTENT_CACHE_SECONDS: '0',
  });
  down = await createTestApp({ CONTENT_SERVICE_URL: await refusedUrl(), CONTENT_SERVICE_TIMEOUT_MS: '2000' });
  for (const ctx of [embedded, withService, flaky, down]) await staffToken(ctx);
}, 120_000);

afterAll(async () => {
  await Promise.all([embedded, withService, flaky, down].map((ctx) => ctx?.close()));
  await content?.close();
  await flakyServer?.close();
});

const assets = new URL('../assets/brand-kit/', import.meta.url);
const asset = (name: string) => new Uint8Array(readFileSync(new URL(name, assets)));
const EMBEDDED_LOGOS = [
  'scentia-logo.svg',
  'scentia-logo-white.svg',
  'scentia-symbol.svg',
  'scentia-symbol.png',
];

describe('the embedded kit (no content service configured)', () => {
  it('answers the identity text in the request language and lists the logo files', async () => {
    const response = await get(embedded, '/api/brand-kit', 'en-US');
    expect(response.statusCode).toBe(200);
    const kit = response.json();
    expect(kit.source).toBe('embedded');
    expect(kit.identityText).toBe(readFileSync(new URL('identity.en-US.md', assets), 'utf8').trim());
    expect(kit.files).toEqual(
      EMBEDDED_LOGOS.map((name) => ({
        name,
        size: asset(name).byteLength,
        contentType: name.endsWith('.png') ? 'image/png' : 'image/svg+xml',
      })),
    );
    const spanish = (await get(embedded, '/api/brand-kit', 'es-ES')).json();
    expect(spanish.identityText).toMatch(/^# Scentia — identidad visual/);
  });

  it('downloads a zip of the logos and the text, named in the request language', async () => {
    const response = await get(embedded, '/api/brand-kit/download', 'pt-BR');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe('attachment; filename="identidade-visual.zip"');
    const entries = unzipSync(new Uint8Array(response.rawPayload));
    expect(Object.keys(entries)).toEqual(['identidade-visual.md', ...EMBEDDED_LOGOS]);
    expect(new TextDecoder().decode(entries['identidade-visual.md'])).toBe(
      `${readFileSync(new URL('identity.pt-BR.md', assets), 'utf8').trim()}\n`,
    );
    for (const name of EMBEDDED_LOGOS) expect(entries[name]).toEqual(asset(name));
  });

  it('is for staff only', async () => {
    expect((await embedded.app.inject({ method: 'GET', url: '/api/brand-kit' })).statusCode).toBe(401);
    const appUser = await embedded.createAccount({ profile: 'USER' });
    const { token } = await embedded.signIn(appUser.email, appUser.password);
    const refused = await embedded.app.inject({
      method: 'GET',
      url: '/api/brand-kit/download',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('a Strapi content service', () => {
  it('is read with the token, the populate and the locale, and its files fetched', async () => {
    const response = await get(withService, '/api/brand-kit', 'pt-BR');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      identityText: 'Identidade da Scentia: ameixa e lavanda.',
      files: [
        { name: 'Logo principal.svg', size: svg('principal').byteLength, contentType: 'image/svg+xml' },
        { name: 'símbolo.png', size: png.byteLength, contentType: 'image/png' },
      ],
      source: 'contentService',
      updatedAt: '2026-11-20T12:30:00.000Z',
    });
    const entry = content.requests.find((request) => request.url.startsWith('/api/brand-kit'));
    expect(entry?.url).toBe('/api/brand-kit?populate=*&locale=pt-BR');
    expect(content.requests.map((request) => request.authorization)).toEqual(
      content.requests.map(() => 'Bearer cms-token'),
    );
    expect(content.requests.filter((request) => request.url.startsWith('/uploads/'))).toHaveLength(2);
  });

  it('asks the service once for two requests and the download (cache)', async () => {
    const before = content.entryRequests();
    const first = await get(withService, '/api/brand-kit', 'en-US');
    const second = await get(withService, '/api/brand-kit', 'en-US');
    const zip = await get(withService, '/api/brand-kit/download', 'en-US');
    expect([first.statusCode, second.statusCode, zip.statusCode]).toEqual([200, 200, 200]);
    expect(second.json()).toEqual(first.json());
    expect(content.entryRequests() - before).toBe(1);
  });

  it('zips the files as the service gave them, with the text', async () => {
    const response = await get(withService, '/api/brand-kit/download', 'pt-BR');
    expect(response.headers['content-disposition']).toBe('attachment; filename="identidade-visual.zip"');
    const entries = unzipSync(new Uint8Array(response.rawPayload));
    expect(Object.keys(entries)).toEqual(['identidade-visual.md', 'Logo principal.svg', 'símbolo.png']);
    expect(new TextDecoder().decode(entries['identidade-visual.md'])).toBe(
      'Identidade da Scentia: ameixa e lavanda.\n',
    );
    expect(entries['Logo principal.svg']).toEqual(svg('principal'));
    expect(entries['símbolo.png']).toEqual(png);
  });

  it('falls back to the default locale when the entry is not translated', async () => {
    const response = await get(withService, '/api/brand-kit', 'es-ES');
    expect(response.statusCode).toBe(200);
    expect(response.json().identityText).toBe('Identidade da Scentia: ameixa e lavanda.');
    const asked = content.requests.filter((request) => request.url.startsWith('/api/brand-kit')).slice(-2);
    expect(asked.map((request) => request.url)).toEqual([
      '/api/brand-kit?populate=*&locale=es-ES',
      '/api/brand-kit?populate=*',
    ]);
    const zip = await get(withService, '/api/brand-kit/download', 'es-ES');
    expect(zip.headers['content-disposition']).toBe('attachment; filename="identidad-visual.zip"');
  });
});

describe('a content service that fails', () => {
  const expectUnavailable = (response: Awaited<ReturnType<typeof get>>, message: RegExp) => {
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ statusCode: 503, code: 'CONTENT_UNAVAILABLE' });
    expect(response.json().message).toMatch(message);
  };

  it('answers a localized 503 when it is slow, within the timeout', async () => {
    flakyServer.state.mode = 'slow';
    const started = Date.now();
    expectUnavailable(await get(flaky, '/api/brand-kit', 'pt-BR'), /indisponível/);
    expect(Date.now() - started).toBeLessThan(2_500);
    expectUnavailable(await get(flaky, '/api/brand-kit/download', 'en-US'), /unavailable/);
  });

  it('answers 503 when it answers something else than the brand kit, or an error', async () => {
    flakyServer.state.mode = 'malformed';
    expectUnavailable(await get(flaky, '/api/brand-kit', 'es-ES'), /no está disponible/);
    flakyServer.state.mode = 'broken';
    expectUnavailable(await get(flaky, '/api/brand-kit', 'pt-BR'), /indisponível/);
    flakyServer.state.mode = 'brokenFiles';
    expectUnavailable(await get(flaky, '/api/brand-kit', 'pt-BR'), /indisponível/);
  });

  it('answers 503 when nothing listens (connection refused)', async () => {
    expectUnavailable(await get(down, '/api/brand-kit', 'pt-BR'), /indisponível/);
    expectUnavailable(await get(down, '/api/brand-kit/download', 'en-US'), /unavailable/);
  });

  it('serves the last copy when a reload fails, and waits before asking again', async () => {
    flakyServer.state.mode = 'up';
    const fresh = await get(flaky, '/api/brand-kit', 'en-US');
    expect(fresh.statusCode).toBe(200);
    // CONTENT_CACHE_SECONDS=0: every request reloads, and this one fails.
    flakyServer.state.mode = 'slow';
    const stale = await get(flaky, '/api/brand-kit', 'en-US');
    expect(stale.statusCode).toBe(200);
    expect(stale.json()).toEqual(fresh.json());
    // The failure is remembered: the next requests get the copy without waiting for the service.
    const asked = flakyServer.entryRequests();
    expect((await get(flaky, '/api/brand-kit/download', 'en-US')).statusCode).toBe(200);
    expect((await get(flaky, '/api/brand-kit', 'en-US')).json()).toEqual(fresh.json());
    expect(flakyServer.entryRequests()).toBe(asked);
  });
});
