import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { createLocalStorage } from '../src/lib/storage/local-storage.ts';
import { CategoriesRepository } from '../src/modules/categories/categories.repository.ts';
import { createCategoriesService } from '../src/modules/categories/categories.service.ts';
import { FragrancesRepository } from '../src/modules/fragrances/fragrances.repository.ts';
import { createFragrancesService } from '../src/modules/fragrances/fragrances.service.ts';
import { pngImage } from './multipart.ts';
import { pause, signal } from './race-moments.ts';
import { createTestApp, type TestContext } from './test-app.ts';

let ctx: TestContext;
let folder: string;
let picture: Buffer;
beforeAll(async () => {
  ctx = await createTestApp();
  folder = await mkdtemp(join(tmpdir(), 'fragrance-races-'));
  picture = await pngImage(64, 64);
});
afterAll(async () => {
  await ctx.close();
  await rm(folder, { recursive: true, force: true });
});

let sequence = 0;
const categories = () => createCategoriesService(new CategoriesRepository(ctx.db));
const fragrances = (repository = new FragrancesRepository(ctx.db)) =>
  createFragrancesService({
    repository,
    storage: createLocalStorage({ folder, secret: new Uint8Array(32), urlTtlSeconds: 60 }),
    log: pino({ level: 'silent' }),
  });

async function createCategory(): Promise<number> {
  return (await categories().create({ name: `Corrida ${++sequence}`, translations: [] })).categoryId;
}

const fragranceBody = (categoryId: number) => ({
  name: `Fragrância ${++sequence}`,
  description: null,
  ofactoryWay: 'Floral',
  categoryId,
  translations: [],
});
const file = () => ({ bytes: picture, fileName: 'fragrancia.png' });

/** Resolves with the refused field's path, or 'saved'. */
const outcome = (saving: Promise<unknown>) =>
  saving.then(
    () => 'saved',
    (error: { fields?: { path: string }[]; code?: string }) => error.fields?.[0]?.path ?? error.code,
  );

const state = async (categoryId: number) => {
  const [row] = await ctx.query<{ active: boolean; fragrances: number }>(
    sql`select deleted_at is null as active,
      (select count(*)::int from fragrances where category_id = ${categoryId}) as fragrances
      from categories where id = ${categoryId}`,
  );
  return row;
};

describe('a fragrance saved while its category is deactivated', () => {
  it('is refused when the deactivation committed after the check, before the save (400 categoryId)', async () => {
    const categoryId = await createCategory();
    const repository = new FragrancesRepository(ctx.db);
    const transaction = repository.transaction.bind(repository);
    repository.transaction = async (work) => {
      await categories().deactivate(categoryId);
      return transaction(work);
    };
    expect(await outcome(fragrances(repository).create(fragranceBody(categoryId), file()))).toBe(
      'categoryId',
    );
    expect(await state(categoryId)).toEqual({ active: false, fragrances: 0 });
  });

  it('is not moved to a category deactivated after the check (400 categoryId)', async () => {
    const created = await fragrances().create(fragranceBody(await createCategory()), file());
    const otherId = await createCategory();
    const repository = new FragrancesRepository(ctx.db);
    const transaction = repository.transaction.bind(repository);
    repository.transaction = async (work) => {
      await categories().deactivate(otherId);
      return transaction(work);
    };
    const moving = fragrances(repository).update(created.fragranceId, fragranceBody(otherId), undefined);
    expect(await outcome(moving)).toBe('categoryId');
    expect(await state(otherId)).toEqual({ active: false, fragrances: 0 });
  });
});

// Two connections at once: PGlite has one, so this runs on PostgreSQL only (TEST_DATABASE_URL).
describe.skipIf(!process.env.TEST_DATABASE_URL)('a fragrance and its category changed at once', () => {
  it('a deactivation waits for a fragrance being saved, then sees it (409)', async () => {
    const categoryId = await createCategory();
    const checked = signal();
    const released = signal();
    // The save's transaction stops after its category check, before its insert.
    const repository = new FragrancesRepository(ctx.db);
    repository.transaction = (work) =>
      ctx.db.transaction(async (tx) => {
        const inner = new FragrancesRepository(tx as unknown as Database);
        const insert = inner.insert.bind(inner);
        inner.insert = async (values) => {
          checked.open();
          await released.opened;
          return insert(values);
        };
        return work(inner);
      });
    const creating = outcome(fragrances(repository).create(fragranceBody(categoryId), file()));
    await checked.opened;
    const deactivating = outcome(categories().deactivate(categoryId));
    await pause(300);
    released.open();
    expect(await creating).toBe('saved');
    expect(await deactivating).toBe('CATEGORY_HAS_FRAGRANCES');
    expect(await state(categoryId)).toEqual({ active: true, fragrances: 1 });
  });
});
