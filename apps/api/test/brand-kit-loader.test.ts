import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrandKitService, RETRY_AFTER_FAILURE_MS } from '../src/modules/brand-kit/brand-kit.service.ts';
import { KIT_LIMITS, type LoadedKit, safeFileName } from '../src/modules/brand-kit/brand-kit-files.ts';
import { createStrapiKitLoader } from '../src/modules/brand-kit/strapi-kit.ts';
import { type FakeBrandKit, startContentServer } from './content-server.ts';

type Server = Awaited<ReturnType<typeof startContentServer>>;

const bytes = (text: string) => new TextEncoder().encode(text);
const kit: FakeBrandKit = {
  identityText: '  Texto da marca.  ',
  updatedAt: '2026-10-01T09:00:00.000Z',
  logos: [
    { name: 'logo.svg', ext: '.svg', mime: 'image/svg+xml', bytes: bytes('<svg/>') },
    { name: 'logo.svg', ext: '.svg', mime: 'image/svg+xml', bytes: bytes('<svg>2</svg>') },
    { name: 'sem-extensao', ext: '.png', mime: 'image/png', bytes: bytes('png') },
  ],
};

let v4: Server;
let cdn: Server;
let viaCdn: Server;
const silent = { warn: () => {} };

beforeAll(async () => {
  v4 = await startContentServer({
    version: 'v4',
    kits: { 'pt-BR': kit },
    defaultLocale: 'pt-BR',
    token: 'v4-token',
  });
  // The media library on another origin (a cloud upload provider): absolute URLs in the entry.
  cdn = await startContentServer({ version: 'v5', kits: { 'pt-BR': kit }, defaultLocale: 'pt-BR' });
  viaCdn = await startContentServer({
    version: 'v5',
    kits: { 'pt-BR': kit },
    defaultLocale: 'pt-BR',
    token: 'secret',
    mediaBaseUrl: cdn.url,
  });
});
afterAll(async () => {
  await Promise.all([v4, cdn, viaCdn].map((server) => server?.close()));
});

describe('the Strapi loader', () => {
  it('reads Strapi 4 answers (attributes, media under data) as Strapi 5 ones', async () => {
    const load = createStrapiKitLoader({ baseUrl: v4.url, token: 'v4-token', timeoutMs: 2_000 });
    const loaded = await load('pt-BR');
    expect(loaded).toMatchObject({
      identityText: 'Texto da marca.',
      source: 'contentService',
      updatedAt: '2026-10-01T09:00:00.000Z',
    });
    // Names kept unique, an extension added from `ext` when the name has none.
    expect(
      loaded.files.map((file) => [file.name, file.contentType, new TextDecoder().decode(file.bytes)]),
    ).toEqual([
      ['logo.svg', 'image/svg+xml', '<svg/>'],
      ['logo-2.svg', 'image/svg+xml', '<svg>2</svg>'],
      ['sem-extensao.png', 'image/png', 'png'],
    ]);
  });

  it('fails without the token the server wants', async () => {
    const load = createStrapiKitLoader({ baseUrl: v4.url, timeoutMs: 2_000 });
    await expect(load('pt-BR')).rejects.toThrow(/status 401/);
  });

  it('sends the token to the content service only, not to the origin of its media files', async () => {
    const load = createStrapiKitLoader({ baseUrl: viaCdn.url, token: 'secret', timeoutMs: 2_000 });
    const loaded = await load('pt-BR');
    expect(loaded.files).toHaveLength(3);
    expect(viaCdn.requests.map((request) => request.authorization)).toEqual(['Bearer secret']);
    expect(cdn.requests.filter((request) => request.url.startsWith('/uploads/'))).toHaveLength(3);
    expect(cdn.requests.every((request) => request.authorization === undefined)).toBe(true);
  });

  it('keeps a base URL path (a server behind a prefix)', async () => {
    const load = createStrapiKitLoader({ baseUrl: `${v4.url}/cms`, token: 'v4-token', timeoutMs: 2_000 });
    await expect(load('pt-BR')).rejects.toThrow(/no brand-kit entry/);
    expect(v4.requests.at(-1)?.url).toBe('/cms/api/brand-kit?populate=*');
  });
});

describe('file names from the content service', () => {
  it('keeps the last segment, without what file systems refuse, and never a hidden or empty name', () => {
    expect(safeFileName('../../etc/passwd', '.txt', 'logo-1')).toBe('passwd.txt');
    expect(safeFileName('C:\\logos\\marca.svg', '.svg', 'logo-1')).toBe('marca.svg');
    expect(safeFileName('..hidden.svg', '.svg', 'logo-1')).toBe('hidden.svg');
    expect(safeFileName('a<b>c:"d"|?*\u0007.png', '.png', 'logo-1')).toBe('abcd.png');
    expect(safeFileName('', '.png', 'logo-3')).toBe('logo-3.png');
    expect(safeFileName('x'.repeat(300), '.svg', 'logo-1')).toBe(`${'x'.repeat(96)}.svg`);
    expect(safeFileName('logo.svg', 'not an extension!', 'logo-1')).toBe('logo.svg');
  });
});

describe('the brand kit service', () => {
  const sample = (text: string): LoadedKit => ({
    identityText: text,
    files: [{ name: 'a.svg', contentType: 'image/svg+xml', bytes: bytes('<svg/>') }],
    source: 'contentService',
    updatedAt: '2026-10-01T09:00:00.000Z',
  });

  /** A loader whose answers the test decides, counting its calls, under a clock the test moves. */
  function harness(cacheMs: number) {
    const clock = { now: 1_000_000 };
    const calls: string[] = [];
    const answers: (() => Promise<LoadedKit>)[] = [];
    const service = createBrandKitService({
      load: (language) => {
        calls.push(language);
        const next = answers.shift();
        if (!next) throw new Error('no answer prepared');
        return next();
      },
      cacheMs,
      log: silent,
      now: () => clock.now,
    });
    return { clock, calls, answers, service };
  }

  it('shares one load between concurrent requests', async () => {
    const { calls, answers, service } = harness(60_000);
    let release: (kit: LoadedKit) => void = () => {};
    answers.push(() => new Promise((resolve) => (release = resolve)));
    const pending = Promise.all([1, 2, 3, 4, 5].map(() => service.getBrandKit('pt-BR')));
    release(sample('one'));
    const kits = await pending;
    expect(kits.map((kit) => kit.identityText)).toEqual(['one', 'one', 'one', 'one', 'one']);
    expect(calls).toEqual(['pt-BR']);
  });

  it('reloads once the cache time has passed, per language', async () => {
    const { clock, calls, answers, service } = harness(60_000);
    answers.push(
      async () => sample('first'),
      async () => sample('english'),
      async () => sample('second'),
    );
    expect((await service.getBrandKit('pt-BR')).identityText).toBe('first');
    expect((await service.getBrandKit('en-US')).identityText).toBe('english');
    clock.now += 59_999;
    expect((await service.getBrandKit('pt-BR')).identityText).toBe('first');
    clock.now += 1;
    expect((await service.getBrandKit('pt-BR')).identityText).toBe('second');
    expect(calls).toEqual(['pt-BR', 'en-US', 'pt-BR']);
  });

  it('serves the last copy after a failed reload, and asks again after the retry delay', async () => {
    const { clock, calls, answers, service } = harness(1_000);
    answers.push(
      async () => sample('good'),
      async () => {
        throw new Error('down');
      },
      async () => sample('back'),
    );
    await service.getBrandKit('pt-BR');
    clock.now += 1_000;
    expect((await service.getBrandKit('pt-BR')).identityText).toBe('good');
    clock.now += RETRY_AFTER_FAILURE_MS - 1;
    expect((await service.getBrandKit('pt-BR')).identityText).toBe('good');
    expect(calls).toHaveLength(2);
    clock.now += 1;
    expect((await service.getBrandKit('pt-BR')).identityText).toBe('back');
    expect(calls).toHaveLength(3);
  });

  it('answers CONTENT_UNAVAILABLE with no copy, and tries again on the next request', async () => {
    const { calls, answers, service } = harness(1_000);
    answers.push(
      async () => {
        throw new Error('down');
      },
      async () => sample('up'),
    );
    await expect(service.getBrandKit('es-ES')).rejects.toMatchObject({ code: 'CONTENT_UNAVAILABLE' });
    expect((await service.getBrandKit('es-ES')).identityText).toBe('up');
    expect(calls).toEqual(['es-ES', 'es-ES']);
  });
});

describe('the limits on what the service may send', () => {
  it('refuses an identity text past its bound', async () => {
    const long = await startContentServer({
      version: 'v5',
      kits: { 'pt-BR': { ...kit, identityText: 'x'.repeat(KIT_LIMITS.identityTextLength + 1) } },
      defaultLocale: 'pt-BR',
    });
    try {
      const load = createStrapiKitLoader({ baseUrl: long.url, timeoutMs: 2_000 });
      await expect(load('pt-BR')).rejects.toThrow(/unexpected shape at data.identityText/);
    } finally {
      await long.close();
    }
  });

  it('refuses a file past its bound', async () => {
    const big = await startContentServer({
      version: 'v5',
      kits: {
        'pt-BR': {
          ...kit,
          logos: [
            {
              name: 'big.png',
              ext: '.png',
              mime: 'image/png',
              bytes: new Uint8Array(KIT_LIMITS.fileBytes + 1),
            },
          ],
        },
      },
      defaultLocale: 'pt-BR',
    });
    try {
      const load = createStrapiKitLoader({ baseUrl: big.url, timeoutMs: 5_000 });
      await expect(load('pt-BR')).rejects.toThrow(/larger than/);
    } finally {
      await big.close();
    }
  });
});
