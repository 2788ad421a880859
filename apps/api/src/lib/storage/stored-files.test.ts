import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startS3Server } from '../../../test/s3-server.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import type { FileStorage } from './file-storage.ts';
import { createLocalStorage } from './local-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import { createStoredFiles, type StoredFiles } from './stored-files.ts';

const HOUR_MS = 3_600_000;
let ctx: TestContext;
let s3: Awaited<ReturnType<typeof startS3Server>>;
let s3Endpoint: string;

beforeAll(async () => {
  ctx = await createTestApp();
  s3 = await startS3Server('files');
  s3Endpoint = s3.endpoint;
});
afterAll(async () => {
  await ctx.close();
  await s3.close();
});

/** Each driver with a way to tell whether a key is stored, read from the storage itself. */
type Driver = { storage: FileStorage; exists: (key: string) => Promise<boolean> };

const drivers: [string, () => Driver][] = [
  [
    'local folder',
    () => {
      const folder = mkdtempSync(join(tmpdir(), 'scentia-files-'));
      const storage = createLocalStorage({ folder, secret: new Uint8Array(32), urlTtlSeconds: 60 });
      return { storage, exists: async (key) => existsSync(join(folder, key)) };
    },
  ],
  [
    'S3-compatible bucket',
    () => {
      const storage = createS3Storage({
        bucket: 'files',
        region: 'us-east-1',
        endpoint: s3Endpoint,
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
        urlTtlSeconds: 60,
      });
      return { storage, exists: async (key) => (await fetch(await storage.urlFor(key))).ok };
    },
  ],
];

const newKey = () => `tests/${randomUUID()}.webp`;
const image = (key: string) => ({ key, body: Buffer.from(`bytes of ${key}`), contentType: 'image/webp' });

async function stateOf(key: string): Promise<string | undefined> {
  const rows = await ctx.query<{ state: string }>(sql`select state from stored_files where key = ${key}`);
  return rows[0]?.state;
}

/** Moves a record's last change back in time, as if it had waited that long. */
async function age(key: string, ms: number) {
  await ctx.query(sql`update stored_files set changed_at = now() - make_interval(secs => ${ms / 1000})
    where key = ${key}`);
}

describe.each(drivers)('stored files: %s', (_, makeDriver) => {
  let driver: Driver;
  let files: StoredFiles;
  beforeEach(() => {
    driver = makeDriver();
    files = createStoredFiles({ db: ctx.db, storage: driver.storage, log: ctx.app.log });
  });

  it('stages a file as pending, and commits it with the transaction that references it', async () => {
    const key = newKey();
    await files.stageFiles([image(key)]);
    expect([await stateOf(key), await driver.exists(key)]).toEqual(['pending', true]);
    await ctx.db.transaction((tx) => files.commitFiles(tx, [key]));
    expect(await stateOf(key)).toBe('committed');
  });

  it('leaves a file pending when the transaction that would commit it rolls back', async () => {
    const key = newKey();
    await files.stageFiles([image(key)]);
    await expect(
      ctx.db.transaction(async (tx) => {
        await files.commitFiles(tx, [key]);
        throw new Error('the row could not be written');
      }),
    ).rejects.toThrow('the row could not be written');
    expect(await stateOf(key)).toBe('pending');
    await files.discardStaged([key]);
    expect([await stateOf(key), await driver.exists(key)]).toEqual([undefined, false]);
  });

  it('removes what it stored and records nothing when storing one of the files fails', async () => {
    const [stored, failing] = [newKey(), newKey()];
    const failingStorage: FileStorage = {
      ...driver.storage,
      put: (key, body, type) =>
        key === failing ? Promise.reject(new Error('disk full')) : driver.storage.put(key, body, type),
    };
    const failingFiles = createStoredFiles({ db: ctx.db, storage: failingStorage, log: ctx.app.log });
    await expect(failingFiles.stageFiles([image(stored), image(failing)])).rejects.toMatchObject({
      code: 'STORAGE_UNAVAILABLE',
    });
    expect([await stateOf(stored), await stateOf(failing), await driver.exists(stored)]).toEqual([
      undefined,
      undefined,
      false,
    ]);
  });

  it('removes a released file only once its release committed', async () => {
    const key = newKey();
    await files.stageFiles([image(key)]);
    await ctx.db.transaction((tx) => files.commitFiles(tx, [key]));
    await expect(
      ctx.db.transaction(async (tx) => {
        await files.releaseFiles(tx, [key]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await files.removeReleased([key]);
    expect([await stateOf(key), await driver.exists(key)]).toEqual(['committed', true]);

    await ctx.db.transaction((tx) => files.releaseFiles(tx, [key]));
    expect(await stateOf(key)).toBe('released');
    await files.removeReleased([key]);
    expect([await stateOf(key), await driver.exists(key)]).toEqual([undefined, false]);
  });

  it('refuses to commit a file the sweep already took', async () => {
    const key = newKey();
    await files.stageFiles([image(key)]);
    await age(key, 2 * HOUR_MS);
    await files.sweep();
    await expect(ctx.db.transaction((tx) => files.commitFiles(tx, [key]))).rejects.toMatchObject({
      code: 'STORAGE_UNAVAILABLE',
    });
  });

  it('sweeps released files and old pending ones, never a fresh pending one or a committed one', async () => {
    const [released, oldPending, freshPending, committed, oldCommitted] = [
      newKey(),
      newKey(),
      newKey(),
      newKey(),
      newKey(),
    ];
    const all = [released, oldPending, freshPending, committed, oldCommitted];
    await files.stageFiles(all.map(image));
    await ctx.db.transaction((tx) => files.commitFiles(tx, [released, committed, oldCommitted]));
    // Released and never removed: what a process killed between the commit and the removal leaves.
    await ctx.db.transaction((tx) => files.releaseFiles(tx, [released]));
    await age(oldPending, HOUR_MS + 60_000);
    await age(oldCommitted, 100 * HOUR_MS);
    await age(freshPending, HOUR_MS - 60_000);

    const result = await files.sweep();
    expect(result.released).toContain(released);
    expect(result.pending).toContain(oldPending);
    expect([...result.released, ...result.pending]).not.toContain(freshPending);
    const states = await Promise.all(all.map(stateOf));
    const present = await Promise.all(all.map(driver.exists));
    expect(states).toEqual([undefined, undefined, 'pending', 'committed', 'committed']);
    expect(present).toEqual([false, false, true, true, true]);
  });

  it('removes each file once when several sweeps run at the same time', async () => {
    const keys = Array.from({ length: 30 }, newKey);
    await files.stageFiles(keys.map(image));
    await ctx.db.transaction((tx) => files.releaseFiles(tx, keys));
    const results = await Promise.all([files.sweep(), files.sweep(), files.sweep()]);
    const removed = results.flatMap((result) => result.released).filter((key) => keys.includes(key));
    expect(removed.sort()).toEqual([...keys].sort());
    expect(await Promise.all(keys.map(driver.exists))).toEqual(keys.map(() => false));
  });
});

describe('stored files: temporary files of interrupted writes (local folder)', () => {
  it('sweeps temporary files older than the grace period and keeps fresh ones', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'scentia-files-'));
    const storage = createLocalStorage({ folder, secret: new Uint8Array(32), urlTtlSeconds: 60 });
    const files = createStoredFiles({ db: ctx.db, storage, log: ctx.app.log });
    mkdirSync(join(folder, 'fragrances'));
    const old = 'fragrances/a.webp.123.partial';
    const fresh = 'fragrances/b.webp.123.partial';
    const stored = 'fragrances/c.webp';
    for (const name of [old, fresh, stored]) writeFileSync(join(folder, name), 'x');
    const longAgo = new Date(Date.now() - HOUR_MS - 60_000);
    utimesSync(join(folder, old), longAgo, longAgo);
    utimesSync(join(folder, stored), longAgo, longAgo);

    expect((await files.sweep()).temporaries).toEqual([old]);
    expect(readdirSync(join(folder, 'fragrances')).sort()).toEqual(['b.webp.123.partial', 'c.webp']);
  });
});
