import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, type Part, pngImage } from '../../../test/multipart.ts';
import { startS3Server } from '../../../test/s3-server.ts';
import { createTestApp } from '../../../test/test-app.ts';

const MAX_MB = 0.1;
const MAX_BYTES = Math.round(MAX_MB * 1_048_576);

async function setUp(env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'scentia-up-'));
  const ctx = await createTestApp({ UPLOAD_MAX_MB: String(MAX_MB), DATA_DIR: dataDir, ...env });
  const operator = await ctx.createAccount({ profile: 'OPERADOR' });
  const token = (await ctx.signIn(operator.email, operator.password)).token;
  const category = await ctx.app.inject({
    method: 'POST',
    url: '/api/categories',
    payload: { name: 'Cítricos' },
    headers: { authorization: `Bearer ${token}` },
  });
  const fields: Part[] = [
    { name: 'name', value: 'Limão Siciliano' },
    { name: 'ofactoryWay', value: 'Cítrico fresco' },
    { name: 'categoryId', value: String(category.json().categoryId) },
  ];
  const upload = (bytes: Buffer, method: 'POST' | 'PUT' = 'POST', url = '/api/fragrances') => {
    const { payload, headers } = multipart([
      ...fields,
      { name: 'image.file', fileName: 'limao.png', contentType: 'image/png', bytes },
    ]);
    return ctx.app.inject({
      method,
      url,
      payload,
      headers: { ...headers, authorization: `Bearer ${token}` },
    });
  };
  const rows = async () =>
    (await ctx.query<{ n: number }>(sql`select count(*)::int as n from fragrances`))[0]?.n ?? 0;
  return { ctx, token, fields, upload, rows, filesFolder: join(dataDir, 'files') };
}

/** A valid PNG padded with bytes after its end to exactly `size` bytes (decoders ignore them). */
async function pngOfSize(size: number): Promise<Buffer> {
  const image = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#f60' } })
    .png()
    .toBuffer();
  return Buffer.concat([image, Buffer.alloc(size - image.length)]);
}

describe('the upload size limit, enforced while streaming', () => {
  let setup: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    setup = await setUp({});
  });
  afterAll(() => setup.ctx.close());

  it('accepts a file just under the limit', async () => {
    expect((await setup.upload(await pngOfSize(MAX_BYTES - 1))).statusCode).toBe(201);
  });

  it('accepts a file exactly at the limit', async () => {
    expect((await setup.upload(await pngOfSize(MAX_BYTES))).statusCode).toBe(201);
  });

  it('refuses a file one byte over the limit with 413 and the max-size message, storing nothing', async () => {
    const before = await setup.rows();
    const response = await setup.upload(await pngOfSize(MAX_BYTES + 1));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      code: 'FILE_TOO_LARGE',
      message: 'O arquivo excede o tamanho máximo de 0.1 MB.',
    });
    expect(await setup.rows()).toBe(before);
  });

  it('cuts a 100 MB upload off early, with flat memory', async () => {
    const { payload, headers } = multipart([
      ...setup.fields,
      {
        name: 'image.file',
        fileName: 'big.png',
        contentType: 'image/png',
        bytes: Buffer.from('PLACEHOLDER'),
      },
    ]);
    const [head, tail] = payload.toString('latin1').split('PLACEHOLDER') as [string, string];
    const chunk = Buffer.alloc(1_048_576);
    let sent = 0;
    const body = Readable.from(
      (function* () {
        yield Buffer.from(head, 'latin1');
        for (; sent < 100; sent += 1) yield chunk;
        yield Buffer.from(tail, 'latin1');
      })(),
    );
    const rssBefore = process.memoryUsage().rss;
    const response = await setup.ctx.app.inject({
      method: 'POST',
      url: '/api/fragrances',
      payload: body,
      headers: { ...headers, authorization: `Bearer ${setup.token}` },
    });
    expect(response.statusCode).toBe(413);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(60 * 1_048_576);
  });
});

describe('a storage that cannot be written', () => {
  it('answers 503 and leaves no row', async () => {
    const setup = await setUp({
      S3_BUCKET: 'nowhere',
      S3_ENDPOINT: 'http://127.0.0.1:9',
      S3_ACCESS_KEY_ID: 'x',
      S3_SECRET_ACCESS_KEY: 'y',
    });
    const response = await setup.upload(await pngImage(64, 64));
    expect(response.statusCode).toBe(503);
    expect(response.json().code).toBe('STORAGE_UNAVAILABLE');
    expect(await setup.rows()).toBe(0);
    await setup.ctx.close();
  });
});

describe('the S3 driver, against a local S3-compatible server', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let endpoint: string;
  beforeAll(async () => {
    s3 = await startS3Server('scentia');
    endpoint = s3.endpoint;
  });
  afterAll(() => s3.close());

  it('stores the images in the bucket, serves them through presigned URLs, and deletes them', async () => {
    const setup = await setUp({
      S3_BUCKET: 'scentia',
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    });
    const created = await setup.upload(await pngImage(200, 150));
    expect(created.statusCode).toBe(201);
    const { fragranceId, image } = created.json();
    expect(image.tempUri).toMatch(
      new RegExp(`^${endpoint}/scentia/fragrances/.+\\.webp\\?.*X-Amz-Signature=`),
    );
    const picture = await fetch(image.tempUri);
    expect(picture.status).toBe(200);
    expect((await sharp(Buffer.from(await picture.arrayBuffer())).metadata()).format).toBe('webp');

    const headers = { authorization: `Bearer ${setup.token}` };
    await setup.ctx.app.inject({ method: 'DELETE', url: `/api/fragrances/${fragranceId}`, headers });
    expect(
      (
        await setup.ctx.app.inject({
          method: 'DELETE',
          url: `/api/fragrances/${fragranceId}?hardDelete=true`,
          headers,
        })
      ).statusCode,
    ).toBe(204);
    expect((await fetch(image.tempUri)).status).toBe(404);
    await setup.ctx.close();
  });
});

describe('image files, kept in step with the rows that reference them', () => {
  let setup: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    setup = await setUp({});
  });
  afterAll(() => setup.ctx.close());

  /** Every file in the storage folder, temporary ones included. */
  const storedFiles = () =>
    readdirSync(setup.filesFolder, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => relative(setup.filesFolder, join(entry.parentPath, entry.name)))
      .sort();
  const records = async () =>
    (
      await setup.ctx.query<{ key: string; state: string }>(
        sql`select key, state from stored_files order by key`,
      )
    ).map(({ key, state }) => `${key} ${state}`);
  const keysOf = (image: { tempUri: string; thumbnailUri: string }) =>
    [image.tempUri, image.thumbnailUri]
      .map((uri) => new URL(uri, 'http://x').pathname.replace('/api/files/', ''))
      .sort();
  const headers = () => ({ authorization: `Bearer ${setup.token}` });

  /** Makes the database refuse writes to fragrances, the way a constraint or a lost connection would. */
  async function refuseFragranceWrites(work: () => Promise<void>) {
    await setup.ctx.query(
      sql.raw(`create function refuse_write() returns trigger language plpgsql as
      $$ begin raise exception 'refused'; end $$`),
    );
    await setup.ctx.query(
      sql.raw(`create trigger refuse_write before insert or update on fragrances
      for each row execute function refuse_write()`),
    );
    try {
      await work();
    } finally {
      await setup.ctx.query(sql.raw('drop trigger refuse_write on fragrances'));
      await setup.ctx.query(sql.raw('drop function refuse_write()'));
    }
  }

  it('records the two files of a created fragrance as committed, and nothing else', async () => {
    const before = await records();
    const created = await setup.upload(await pngImage(64, 64));
    expect(created.statusCode).toBe(201);
    const keys = keysOf(created.json().image);
    expect(await records()).toEqual([...before, ...keys.map((key) => `${key} committed`)].sort());
    expect(storedFiles()).toEqual(expect.arrayContaining(keys));
  });

  it('leaves no file and no record when the row cannot be written', async () => {
    const [filesBefore, recordsBefore] = [storedFiles(), await records()];
    await refuseFragranceWrites(async () => {
      expect((await setup.upload(await pngImage(64, 64))).statusCode).toBe(500);
    });
    expect([storedFiles(), await records()]).toEqual([filesBefore, recordsBefore]);
  });

  it('removes a replaced image after the new one is committed, and keeps it when the save fails', async () => {
    const created = (await setup.upload(await pngImage(64, 64))).json();
    const oldKeys = keysOf(created.image);
    const url = `/api/fragrances/${created.fragranceId}`;

    const [filesBefore, recordsBefore] = [storedFiles(), await records()];
    await refuseFragranceWrites(async () => {
      expect((await setup.upload(await pngImage(80, 80), 'PUT', url)).statusCode).toBe(500);
    });
    expect([storedFiles(), await records()]).toEqual([filesBefore, recordsBefore]);

    const replaced = await setup.upload(await pngImage(80, 80), 'PUT', url);
    expect(replaced.statusCode).toBe(200);
    const newKeys = keysOf(replaced.json().image);
    const others = recordsBefore.filter((record) => !oldKeys.some((key) => record.startsWith(key)));
    expect(await records()).toEqual([...others, ...newKeys.map((key) => `${key} committed`)].sort());
    expect(storedFiles()).toEqual(expect.arrayContaining(newKeys));
    expect(storedFiles()).not.toEqual(expect.arrayContaining([oldKeys[0]]));
    expect(storedFiles()).not.toEqual(expect.arrayContaining([oldKeys[1]]));
  });

  it('removes the files and their records of a fragrance deleted for good', async () => {
    const created = (await setup.upload(await pngImage(64, 64))).json();
    const keys = keysOf(created.image);
    const url = `/api/fragrances/${created.fragranceId}`;
    await setup.ctx.app.inject({ method: 'DELETE', url, headers: headers() });
    const deleted = await setup.ctx.app.inject({
      method: 'DELETE',
      url: `${url}?hardDelete=true`,
      headers: headers(),
    });
    expect(deleted.statusCode).toBe(204);
    const left = [...storedFiles(), ...(await records())];
    for (const key of keys) expect(left.filter((entry) => entry.startsWith(key))).toEqual([]);
  });
});

describe('image files of one fragrance replaced by several saves at once', () => {
  it('keeps exactly the files the row ends up referencing', async () => {
    const setup = await setUp({});
    const created = (await setup.upload(await pngImage(64, 64))).json();
    const saves = await Promise.all(
      [70, 80, 90, 100].map(async (size) =>
        setup.upload(await pngImage(size, size), 'PUT', `/api/fragrances/${created.fragranceId}`),
      ),
    );
    expect(saves.map((save) => save.statusCode)).toEqual([200, 200, 200, 200]);
    const referenced = (
      await setup.ctx.query<{ key: string }>(
        sql`select image_key as key from fragrances union select thumbnail_key from fragrances`,
      )
    )
      .map((row) => row.key)
      .sort();
    const stored = readdirSync(setup.filesFolder, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => relative(setup.filesFolder, join(entry.parentPath, entry.name)))
      .sort();
    const records = await setup.ctx.query<{ key: string; state: string }>(
      sql`select key, state from stored_files order by key`,
    );
    expect(stored).toEqual(referenced);
    expect(records).toEqual(referenced.map((key) => ({ key, state: 'committed' })));
    await setup.ctx.close();
  });
});
