import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../../../test/s3-server.ts';
import type { FileStorage } from './file-storage.ts';
import { createLocalStorage } from './local-storage.ts';
import { createS3Storage } from './s3-storage.ts';

const secret = new TextEncoder().encode('storage-test-secret-long-enough-for-hmac');
let s3: Awaited<ReturnType<typeof startS3Server>>;
let endpoint: string;

beforeAll(async () => {
  s3 = await startS3Server('files');
  endpoint = s3.endpoint;
});
afterAll(() => s3.close());

/** Reads what a URL from `urlFor` serves: the local driver's through its verify/read pair, S3's over HTTP. */
type Driver = { storage: FileStorage; fetchUrl: (url: string) => Promise<{ status: number; body?: Buffer }> };

const drivers: [string, () => Driver][] = [
  [
    'local folder',
    () => {
      const storage = createLocalStorage({
        folder: mkdtempSync(join(tmpdir(), 'scentia-files-')),
        secret,
        urlTtlSeconds: 60,
      });
      return {
        storage,
        fetchUrl: async (url) => {
          const parsed = new URL(url, 'http://local');
          const key = parsed.pathname.replace(/^\/api\/files\//, '');
          const isValid = storage.verify(
            key,
            Number(parsed.searchParams.get('expires')),
            parsed.searchParams.get('signature') ?? '',
          );
          const file = isValid ? await storage.read?.(key) : undefined;
          if (!file) return { status: 404 };
          const chunks: Buffer[] = [];
          for await (const chunk of file.body) chunks.push(chunk as Buffer);
          return { status: 200, body: Buffer.concat(chunks) };
        },
      };
    },
  ],
  [
    'S3-compatible bucket',
    () => ({
      storage: createS3Storage({
        bucket: 'files',
        region: 'us-east-1',
        endpoint,
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
        urlTtlSeconds: 60,
      }),
      fetchUrl: async (url) => {
        const response = await fetch(url);
        return {
          status: response.status,
          body: response.ok ? Buffer.from(await response.arrayBuffer()) : undefined,
        };
      },
    }),
  ],
];

describe.each(drivers)('file storage: %s', (_, makeDriver) => {
  it('stores a file and serves it through a signed URL', async () => {
    const { storage, fetchUrl } = makeDriver();
    const body = Buffer.from('webp bytes, more or less');
    await storage.put('fragrances/abc-123.webp', body, 'image/webp');
    const fetched = await fetchUrl(await storage.urlFor('fragrances/abc-123.webp'));
    expect(fetched).toEqual({ status: 200, body });
  });

  it('replaces a file stored under the same key', async () => {
    const { storage, fetchUrl } = makeDriver();
    await storage.put('fragrances/same.webp', Buffer.from('first'), 'image/webp');
    await storage.put('fragrances/same.webp', Buffer.from('second'), 'image/webp');
    expect((await fetchUrl(await storage.urlFor('fragrances/same.webp'))).body?.toString()).toBe('second');
  });

  it('removes a file, and removing it again is fine', async () => {
    const { storage, fetchUrl } = makeDriver();
    await storage.put('fragrances/gone.webp', Buffer.from('x'), 'image/webp');
    const url = await storage.urlFor('fragrances/gone.webp');
    await storage.remove('fragrances/gone.webp');
    await storage.remove('fragrances/gone.webp');
    expect((await fetchUrl(url)).status).toBe(404);
  });
});

describe('local storage URLs and keys', () => {
  // (The S3 driver's URLs are presigned by the AWS SDK and checked by the bucket; s3rver, the local
  // stand-in used here, does not check signatures, so there is nothing of ours to test there.)
  it('refuses a URL whose signature was altered', async () => {
    const [, makeLocal] = drivers[0] as [string, () => Driver];
    const { storage, fetchUrl } = makeLocal();
    await storage.put('fragrances/signed.webp', Buffer.from('x'), 'image/webp');
    const url = new URL(await storage.urlFor('fragrances/signed.webp'), 'http://local');
    const signature = url.searchParams.get('signature') ?? '';
    // Its first character changed, to one it cannot already be.
    url.searchParams.set('signature', `${signature.startsWith('0') ? '1' : '0'}${signature.slice(1)}`);
    expect((await fetchUrl(`${url.pathname}${url.search}`)).status).toBe(404);
  });

  it('refuses keys that could leave the folder', async () => {
    const storage = createLocalStorage({
      folder: mkdtempSync(join(tmpdir(), 'scentia-files-')),
      secret,
      urlTtlSeconds: 60,
    });
    await expect(storage.put('../outside.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(/Unsafe/);
    expect(storage.verify('../outside.webp', Date.now() / 1000 + 60, 'x')).toBe(false);
  });
});
