import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { CategoriesRepository } from './categories.repository.ts';
import { createCategoriesService } from './categories.service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

let sequence = 0;

/**
 * A service whose first read of a record is followed, before its write, by `meanwhile`: what another
 * request may do between the rule's check and the statement.
 */
function serviceWith(meanwhile: (id: number) => Promise<unknown>) {
  const repository = new CategoriesRepository(ctx.db);
  const read = repository.reader.findById.bind(repository.reader);
  let isFirst = true;
  repository.reader.findById = async (id) => {
    const record = await read(id);
    if (isFirst) {
      isFirst = false;
      await meanwhile(id);
    }
    return record;
  };
  return createCategoriesService(repository);
}

async function createCategory(): Promise<number> {
  const created = await createCategoriesService(new CategoriesRepository(ctx.db)).create({
    name: `Corrida ${++sequence}`,
    translations: [],
  });
  return created.categoryId;
}

const isActive = async (id: number) => {
  const [row] = await ctx.query<{ deleted_at: unknown }>(
    sql`select deleted_at from categories where id = ${id}`,
  );
  return row?.deleted_at === null;
};

describe('a category changed between the rule’s check and the write', () => {
  it('stays active when a fragrance arrived meanwhile (409 CATEGORY_HAS_FRAGRANCES)', async () => {
    const id = await createCategory();
    const service = serviceWith((categoryId) =>
      ctx.query(sql`insert into fragrances (name, olfactory_way, category_id)
        values (${`Fragrância ${++sequence}`}, 'Floral', ${categoryId})`),
    );
    await expect(service.deactivate(id)).rejects.toMatchObject({ code: 'CATEGORY_HAS_FRAGRANCES' });
    expect(await isActive(id)).toBe(true);
  });

  it('is deactivated once when another request deactivated it meanwhile', async () => {
    const id = await createCategory();
    const service = serviceWith((categoryId) =>
      ctx.query(sql`update categories set deleted_at = now() where id = ${categoryId}`),
    );
    await expect(service.deactivate(id)).resolves.toBeUndefined();
    expect(await isActive(id)).toBe(false);
  });

  it('is kept when a fragrance arrived before its deletion for good', async () => {
    const id = await createCategory();
    await createCategoriesService(new CategoriesRepository(ctx.db)).deactivate(id);
    const service = serviceWith((categoryId) =>
      ctx.query(sql`insert into fragrances (name, olfactory_way, category_id)
        values (${`Fragrância ${++sequence}`}, 'Floral', ${categoryId})`),
    );
    await expect(service.deletePermanently(id)).rejects.toMatchObject({ code: 'CATEGORY_HAS_FRAGRANCES' });
    const [row] = await ctx.query<{ total: number }>(
      sql`select count(*)::int as total from categories where id = ${id}`,
    );
    expect(row?.total).toBe(1);
  });
});
