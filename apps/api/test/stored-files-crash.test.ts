import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../src/lib/storage/local-storage.ts';
import { createStoredFiles } from '../src/lib/storage/stored-files.ts';
import { crashDrivers, crashServerEnv, signInAdmin } from './crash-databases.ts';
import { multipart, pngImage } from './multipart.ts';
import { freePort, killStartedServers, startServer } from './spawned-server.ts';

/*
 * Kills a real server process with SIGKILL while it saves fragrances with images in parallel, several
 * times, then checks that every stored file belongs to a row, every row's files exist, and no
 * acknowledged write was lost. CRASH_ROUNDS sets the number of kills (3 by default).
 */
const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 3);
const WORKERS = 8;
const ADMIN = { email: 'crash@scentia.test', password: 'Crash#1234' };

afterEach(killStartedServers);

/** Every file under the storage folder, as storage keys (temporary files included). */
function listFiles(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)));
}

type Attempt = { width: number; fragranceId?: number };

for (const driver of crashDrivers) {
  describe.skipIf(driver.skip)(
    `stored files when the server is killed (${driver.name}${driver.skip ? `: ${driver.skip}` : ''})`,
    () => {
      it(`loses no acknowledged save and leaves no stray file over ${ROUNDS} SIGKILLs`, async () => {
        const dataDir = mkdtempSync(join(tmpdir(), 'scentia-crash-'));
        const filesFolder = join(dataDir, 'files');
        const database = await driver.open(dataDir);
        const port = await freePort();
        const base = `http://127.0.0.1:${port}`;
        const env = crashServerEnv(database, dataDir, port, ADMIN);

        let server = await startServer(env);
        const authorization = await signInAdmin(base, ADMIN);
        const category = await fetch(`${base}/api/categories`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization },
          body: JSON.stringify({ name: 'Cítricos' }),
        });
        const categoryId = String(((await category.json()) as { categoryId: number }).categoryId);

        // Attempt n saves the name `Crash n` with an image n pixels wider than the last, so the final
        // row says which attempt won and its stored image must have that attempt's width.
        const attempts = new Map<number, Attempt>();
        const lastAcknowledged = new Map<number, number>();
        const busy = new Set<number>();
        const unexpected: string[] = [];
        let acknowledged = 0;

        async function save(attempt: number, fragranceId: number | undefined) {
          const width = 200 + (attempt % 900);
          attempts.set(attempt, { width, fragranceId });
          const { payload, headers } = multipart([
            { name: 'name', value: `Crash ${attempt}` },
            { name: 'ofactoryWay', value: 'Cítrico' },
            { name: 'categoryId', value: categoryId },
            {
              name: 'image.file',
              fileName: 'x.png',
              contentType: 'image/png',
              bytes: await pngImage(width, 150),
            },
          ]);
          const response = await fetch(`${base}/api/fragrances${fragranceId ? `/${fragranceId}` : ''}`, {
            method: fragranceId ? 'PUT' : 'POST',
            headers: { ...headers, authorization },
            body: payload,
          });
          const text = await response.text();
          if (response.status !== (fragranceId ? 200 : 201)) {
            unexpected.push(`${response.status} ${text}`);
            return;
          }
          const body = JSON.parse(text) as { fragranceId: number };
          acknowledged += 1;
          lastAcknowledged.set(body.fragranceId, attempt);
          (attempts.get(attempt) as Attempt).fragranceId = body.fragranceId;
        }

        let nextAttempt = 1;
        async function worker(isKilled: () => boolean) {
          while (!isKilled()) {
            const attempt = nextAttempt++;
            const idle = [...lastAcknowledged.keys()].filter((id) => !busy.has(id));
            // Half the saves replace the image of a fragrance no other worker is saving.
            const target = idle.length > 0 && attempt % 2 === 0 ? idle[attempt % idle.length] : undefined;
            if (target) busy.add(target);
            try {
              await save(attempt, target);
            } catch {
              return; // the server died under this request: its outcome is unknown
            } finally {
              // A save in flight at the kill keeps its fragrance busy: it may or may not have committed.
              if (target && !isKilled()) busy.delete(target);
            }
          }
        }

        for (let round = 1; round <= ROUNDS; round += 1) {
          if (round > 1) server = await startServer(env);
          let isKilled = false;
          const workers = Array.from({ length: WORKERS }, () => worker(() => isKilled));
          const before = acknowledged;
          const deadline = Date.now() + 60_000;
          while (acknowledged < before + 10 && Date.now() < deadline) {
            await new Promise((resolve) => setTimeout(resolve, 10));
          }
          await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 400));
          isKilled = true;
          server.child.kill('SIGKILL');
          await server.exited;
          await Promise.all(workers);
        }

        // Started again: what its start-up sweep can finish (released files) it finishes.
        server = await startServer(env);
        server.child.kill('SIGTERM');
        await server.exited;

        const handle = await database.open();
        const stored = createStoredFiles({
          db: handle.db,
          storage: createLocalStorage({ folder: filesFolder, secret: new Uint8Array(32), urlTtlSeconds: 60 }),
          log: pino({ level: 'silent' }),
        });
        const referencedKeys = async () =>
          (
            (await handle.db.execute(
              sql`select image_key as key from fragrances union select thumbnail_key from fragrances`,
            )) as unknown as { rows: { key: string }[] }
          ).rows
            .map((row) => row.key)
            .sort();
        const strays = async () => {
          const referenced = new Set(await referencedKeys());
          return listFiles(filesFolder).filter((key) => !referenced.has(key));
        };
        const straysBefore = await strays();
        const waitingBefore = (
          (await handle.db.execute(
            sql`select key from stored_files where state in ('pending', 'released')`,
          )) as unknown as { rows: { key: string }[] }
        ).rows.map((row) => row.key);
        // An hour later, as far as the sweep can tell: the saves the kills interrupted never committed.
        const swept = await stored.sweep({ pendingGraceMs: 0, temporaryGraceMs: 0 });
        const straysAfter = await strays();

        const rows = (
          (await handle.db.execute(
            sql`select id, name, image_key, thumbnail_key from fragrances order by id`,
          )) as unknown as { rows: { id: number; name: string; image_key: string; thumbnail_key: string }[] }
        ).rows;
        const records = (
          (await handle.db.execute(sql`select key, state from stored_files order by key`)) as unknown as {
            rows: { key: string; state: string }[];
          }
        ).rows;
        const referenced = await referencedKeys();
        console.info(
          `${driver.name}: ${ROUNDS} kills, ${acknowledged} acknowledged saves, ${rows.length} fragrances; ` +
            `before the sweep ${straysBefore.length} stray files ` +
            `(${straysBefore.filter((key) => key.endsWith('.partial')).length} temporary), ` +
            `swept ${swept.pending.length} pending, ${swept.released.length} released, ` +
            `${swept.temporaries.length} temporary; after it ${straysAfter.length} stray files`,
        );
        await handle.close();
        await database.drop();

        expect(unexpected).toEqual([]);
        // Whatever a kill left behind was recorded for the sweep before it was stored.
        const unrecorded = straysBefore.filter(
          (key) => !key.endsWith('.partial') && !waitingBefore.includes(key),
        );
        expect(unrecorded).toEqual([]);
        expect(straysAfter).toEqual([]);
        expect(listFiles(filesFolder).sort()).toEqual(referenced);
        expect(records).toEqual(referenced.map((key) => ({ key, state: 'committed' })));
        // Every acknowledged save is there, or a later save of the same fragrance replaced it.
        const byId = new Map(rows.map((row) => [row.id, row]));
        const lost = [...lastAcknowledged].filter(([id, attempt]) => {
          const winner = Number(byId.get(id)?.name.replace('Crash ', ''));
          return !(winner === attempt || (winner > attempt && attempts.get(winner)?.fragranceId === id));
        });
        expect(lost).toEqual([]);
        // And each row's image is the one its own save stored, with the row in the same commit.
        for (const row of rows) {
          const winner = attempts.get(Number(row.name.replace('Crash ', '')));
          const metadata = await sharp(join(filesFolder, row.image_key)).metadata();
          expect(metadata.width).toBe(winner?.width);
          expect(existsSync(join(filesFolder, row.thumbnail_key))).toBe(true);
        }
      }, 600_000);
    },
  );
}
