import { createHmac, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { type FileStorage, isSafeStorageKey } from './file-storage.ts';

const TEMPORARY_SUFFIX = '.partial';

export type LocalStorageOptions = {
  folder: string;
  /** Signs the file URLs; the same key every instance shares. */
  secret: Uint8Array;
  urlTtlSeconds: number;
};

/**
 * Files in a local folder, served by the API at `/api/files/{key}?expires=&signature=`. Expiry is
 * rounded to a whole period so the same file keeps the same URL for a while and browsers can cache it.
 */
export function createLocalStorage(options: LocalStorageOptions) {
  const root = resolve(options.folder);
  const pathOf = (key: string) => {
    if (!isSafeStorageKey(key)) throw new Error(`Unsafe storage key: ${key}`);
    return join(root, key);
  };
  const sign = (key: string, expires: number) =>
    createHmac('sha256', options.secret).update(`${key}\n${expires}`).digest('base64url');

  const storage: FileStorage & { verify: (key: string, expires: number, signature: string) => boolean } = {
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Written aside and renamed, so a reader never sees half a file.
      // A process killed before the rename leaves it behind; `removeTemporaries` sweeps it later.
      const temporary = `${path}.${process.pid}${TEMPORARY_SUFFIX}`;
      await writeFile(temporary, body);
      await rename(temporary, path);
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
    async removeTemporaries(before) {
      const names = await readdir(root, { recursive: true }).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      });
      const removed: string[] = [];
      for (const name of names.filter((each) => each.endsWith(TEMPORARY_SUFFIX))) {
        const path = join(root, name);
        const info = await stat(path).catch(() => undefined);
        if (!info?.isFile() || info.mtime >= before) continue;
        await rm(path, { force: true });
        removed.push(name);
      }
      return removed;
    },
    async urlFor(key) {
      const period = options.urlTtlSeconds;
      const expires = (Math.floor(Date.now() / 1000 / period) + 2) * period;
      return `/api/files/${key}?expires=${expires}&signature=${sign(key, expires)}`;
    },
    async get(key) {
      return (await storage.read?.(key))?.body;
    },
    async read(key) {
      const path = pathOf(key);
      const info = await stat(path).catch(() => undefined);
      return info?.isFile() ? { body: createReadStream(path), size: info.size } : undefined;
    },
    verify(key, expires, signature) {
      if (!isSafeStorageKey(key) || expires * 1000 < Date.now()) return false;
      const expected = Buffer.from(sign(key, expires));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
  return storage;
}

export type LocalStorage = ReturnType<typeof createLocalStorage>;
