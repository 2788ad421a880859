import type { ListQuery } from '@scentia/shared/list.schemas';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { followingMemberTransaction, inOneTransaction } from '../../db/member-transaction.ts';
import { categories, fragrances } from '../../db/schema/index.ts';
import { type ResourceList, resourceList } from './resource-list.ts';

// Two small resources over the catalog tables, with the sorts that make keyset reading hard: ties on
// every sort, NULLs, a computed value, a joined table's column, timestamps a microsecond apart.
const fragranceCount = sql<number>`(select count(*)::int from ${fragrances} where ${fragrances}.category_id = ${categories}.id)`;
const categoriesKit = resourceList({
  table: categories,
  id: categories.id,
  deletedAt: categories.deletedAt,
  columns: { id: categories.id, name: categories.name, fragranceCount },
  searchIn: [categories.searchText],
  sortable: {
    name: categories.searchText,
    fragrances: fragranceCount,
    deletedAt: categories.deletedAt,
    Id: categories.id,
  },
  defaultSort: 'name',
  rowCounts: 'categories',
});

const fragrancesKit = resourceList({
  table: fragrances,
  id: fragrances.id,
  deletedAt: fragrances.deletedAt,
  columns: { id: fragrances.id, name: fragrances.name, categoryName: categories.name },
  joins: (query) => query.innerJoin(categories, eq(fragrances.categoryId, categories.id)),
  searchIn: [fragrances.searchText, categories.searchText],
  sortable: {
    category: categories.searchText,
    description: fragrances.description,
    descriptionLength: sql`length(${fragrances.description})`,
    createdAt: fragrances.createdAt,
    id: fragrances.id,
  },
  defaultSort: 'createdAt',
  // What a batch hands to `details` is the feature's columns only.
  details: async (_db, rows) => rows.map((row) => ({ ...row, fields: Object.keys(row).sort().join(',') })),
});

// The same fragrances whose join only adds a column: deep pages pick their ids from the table alone,
// and searched totals count without the join.
const fragrancesPagedKit = resourceList({
  table: fragrances,
  id: fragrances.id,
  deletedAt: fragrances.deletedAt,
  columns: { id: fragrances.id, name: fragrances.name, categoryName: categories.name },
  joins: (query) => query.innerJoin(categories, eq(fragrances.categoryId, categories.id)),
  joinsOnlyAddColumns: true,
  searchIn: [fragrances.searchText],
  sortable: {
    name: fragrances.name,
    description: fragrances.description,
    category: categories.searchText,
    createdAt: fragrances.createdAt,
  },
  defaultSort: 'createdAt',
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  const names = [
    'Cítricos',
    'Florais',
    'Amadeirados',
    'Orientais',
    'Aquáticos',
    'Frutados',
    'Verdes',
    'Gourmands',
  ];
  const created = await ctx.db
    .insert(categories)
    .values(names.map((name) => ({ name })))
    .returning({ id: categories.id });
  const ids = created.map((row) => row.id);
  // Fragrances per category: 10, 10, 6, 6, 4, 2, 2, 0 — ties in the computed count.
  const perCategory = [10, 10, 6, 6, 4, 2, 2, 0];
  const base = Date.parse('2026-03-01T12:00:00Z') / 1000;
  const rows = perCategory.flatMap((total, category) =>
    Array.from({ length: total }, (_, index) => ({ category, index })),
  );
  for (const [position, { category, index }] of rows.entries()) {
    const description = position % 3 === 0 ? null : ['Doce', 'Cítrico e fresco', 'Doce'][index % 3];
    // Five instants a microsecond apart: a Date would round them together.
    const createdAt = sql`to_timestamp(${base}) + make_interval(secs => ${(position % 5) / 1_000_000})`;
    await ctx.query(sql`insert into fragrances (name, olfactory_way, category_id, description, created_at, deleted_at)
      values (${`Fragrância ${position}`}, 'Floral', ${ids[category]}, ${description}, ${createdAt},
        ${position % 4 === 0 ? sql`now()` : null})`);
  }
  // Three inactive categories, two of them deactivated at the same instant.
  const sameInstant = new Date('2026-04-01T00:00:00Z');
  await ctx.db
    .update(categories)
    .set({ deletedAt: sameInstant })
    .where(inArray(categories.id, [ids[5] as number, ids[7] as number]));
  await ctx.db
    .update(categories)
    .set({ deletedAt: new Date() })
    .where(eq(categories.id, ids[6] as number));
});
afterAll(() => ctx.close());

type Query = Partial<ListQuery> & Pick<ListQuery, 'orderBy'>;
const queryOf = (query: Query): ListQuery => ({ page: 1, perPage: 10, orderByDirection: 'desc', ...query });

/** Every page of the list, in order: what a user paging through it sees. */
async function pagedIds<R extends { id: number }>(kit: ResourceList<R>, query: Query) {
  const ids: number[] = [];
  for (let page = 1; ; page += 1) {
    const { records, total } = await kit.on(ctx.db).list(kit.plan(queryOf({ ...query, page })));
    ids.push(...records.map((record) => record.id));
    if (records.length < 10) return { ids, total };
  }
}

/** The export's reading: every batch, of `size` rows. */
async function exportedIds<R extends { id: number }>(kit: ResourceList<R>, query: Query, size: number) {
  const batches: R[][] = [];
  for await (const batch of kit.on(ctx.db).batches(kit.plan(queryOf(query)), size)) batches.push(batch);
  return batches;
}

const directions = ['asc', 'desc'] as const;
const states = [undefined, true, false];

describe('resource kit: the export reads the list by keyset', () => {
  it.each(
    ['category', 'description', 'descriptionLength', 'createdAt', 'id'].flatMap((orderBy) =>
      directions.flatMap((orderByDirection) =>
        states.map((isActive) => ({ orderBy, orderByDirection, isActive })),
      ),
    ),
  )('fragrances by $orderBy $orderByDirection (active: $isActive): same rows, same order', async (query) => {
    const listed = await pagedIds(fragrancesKit, query);
    const batches = await exportedIds(fragrancesKit, query, 3);
    expect(batches.flat().map((row) => row.id)).toEqual(listed.ids);
    expect(listed.ids).toHaveLength(listed.total);
    expect(batches.slice(0, -1).every((batch) => batch.length === 3)).toBe(true);
  });

  it.each(
    ['fragrances', 'deletedAt', 'name', 'Id'].flatMap((orderBy) =>
      directions.flatMap((orderByDirection) =>
        states.map((isActive) => ({ orderBy, orderByDirection, isActive })),
      ),
    ),
  )('categories by $orderBy $orderByDirection (active: $isActive): same rows, same order', async (query) => {
    const listed = await pagedIds(categoriesKit, query);
    const batches = await exportedIds(categoriesKit, query, 2);
    expect(batches.flat().map((row) => row.id)).toEqual(listed.ids);
    expect(listed.ids).toHaveLength(listed.total);
  });

  it('has data with the ties and NULLs it claims to cover', async () => {
    const [stats] = await ctx.query<Record<string, number>>(sql`select
      count(*) filter (where description is null)::int as "nullDescriptions",
      count(distinct created_at)::int as "instants",
      count(*)::int as "fragrances" from fragrances`);
    expect(stats).toEqual({ nullDescriptions: 14, instants: 5, fragrances: 40 });
    const counts = (await exportedIds(categoriesKit, { orderBy: 'fragrances' }, 100)).flat();
    expect(counts.map((row) => row.fragranceCount)).toEqual([10, 10, 6, 6, 4, 2, 2, 0]);
  });

  it('exports a searched list as it lists it: every word in the name or the category', async () => {
    const query = { orderBy: 'category', orderByDirection: 'asc', search: 'fragrancia florais' } as const;
    const listed = await pagedIds(fragrancesKit, query);
    const exported = (await exportedIds(fragrancesKit, query, 4)).flat();
    expect(listed.total).toBe(10);
    expect(exported.map((row) => row.id)).toEqual(listed.ids);
    expect(exported.every((row) => row.categoryName === 'Florais')).toBe(true);
  });

  it('hands `details` the feature columns only, and an empty list no batch', async () => {
    const [first] = await exportedIds(fragrancesKit, { orderBy: 'id' }, 5);
    expect(first?.[0]?.fields).toBe('categoryName,id,name');
    expect(await exportedIds(fragrancesKit, { orderBy: 'id', search: 'nothing like this' }, 5)).toEqual([]);
  });
});

describe('resource kit: deep pages by their ids, searched pages sorted on an expression', () => {
  it.each(
    ['name', 'description', 'category', 'createdAt'].flatMap((orderBy) =>
      directions.flatMap((orderByDirection) =>
        [undefined, 'fragrancia', 'fragrancia 1'].flatMap((search) =>
          states.map((isActive) => ({ orderBy, orderByDirection, search, isActive })),
        ),
      ),
    ),
  )(
    'fragrances by $orderBy $orderByDirection, search $search (active: $isActive): as the export reads them',
    async (query) => {
      const listed = await pagedIds(fragrancesPagedKit, query);
      const exported = (await exportedIds(fragrancesPagedKit, query, 7)).flat();
      expect(listed.ids).toEqual(exported.map((row) => row.id));
      expect(listed.total).toBe(exported.length);
      // And as the list without those shortcuts pages them (it has no name sort).
      if (query.orderBy !== 'name') expect(listed.ids).toEqual((await pagedIds(fragrancesKit, query)).ids);
    },
  );
});

describe('resource kit: list and get', () => {
  it('counts from row_counts without a search, and by query with one', async () => {
    expect((await pagedIds(categoriesKit, { orderBy: 'name' })).total).toBe(8);
    expect((await pagedIds(categoriesKit, { orderBy: 'name', isActive: false })).total).toBe(3);
    expect((await pagedIds(categoriesKit, { orderBy: 'name', search: 'ais' })).total).toBe(2);
  });

  // In a request's transaction (a member's) the total travels in the page's statement: the same pages
  // and totals as counted on their own, a page past the end and a search with no match included.
  it('answers the same pages and totals with the total in the page, in a request’s transaction', async () => {
    const queries: Query[] = [
      { orderBy: 'name', search: 'ais' },
      { orderBy: 'name', search: 'nothing-matches-this' },
      { orderBy: 'name', isActive: false },
      { orderBy: 'category', search: 'a', perPage: 3, page: 2 },
      { orderBy: 'createdAt', search: 'a', perPage: 5, page: 40 },
      { orderBy: 'createdAt', isActive: false, perPage: 2, page: 1 },
    ];
    for (const kit of [categoriesKit, fragrancesKit, fragrancesPagedKit] as ResourceList<{ id: number }>[])
      for (const query of queries) {
        if (!(String(query.orderBy) in kit.definition.sortable)) continue;
        const plan = kit.plan(queryOf(query));
        const alone = await kit.on(ctx.db).list(plan);
        const inPage = await inOneTransaction(ctx.db, () =>
          kit.on(followingMemberTransaction(ctx.db)).list(plan),
        );
        expect(inPage, JSON.stringify(query)).toEqual(alone);
      }
  });

  it('refuses a sort the resource does not declare', () => {
    expect(() => categoriesKit.plan(queryOf({ orderBy: 'password' }))).toThrow();
  });

  it('finds one record with its details, or nothing', async () => {
    const [any] = await ctx.query<{ id: number }>(sql`select id from fragrances order by id limit 1`);
    const found = await fragrancesKit.on(ctx.db).findById(any?.id ?? 0);
    expect(found).toMatchObject({ id: any?.id, fields: 'categoryName,id,name' });
    expect(await fragrancesKit.on(ctx.db).findById(2_000_000_000)).toBeUndefined();
  });
});
