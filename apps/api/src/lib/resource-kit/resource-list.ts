import type { ListQuery } from '@scentia/shared/list.schemas';
import { type AnyColumn, and, count, eq, or, type SQL } from 'drizzle-orm';
import type { PgSelect, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Database } from '../../db/client.ts';
import { type ListDefinition, type ListPlan, planList, stateCondition } from '../list-query.ts';
import { countRows } from '../row-counts.ts';
import { allWordsIn } from '../search-text.ts';
import { keysetAfter, mayBeNull, sortKeyOf } from './keyset.ts';

/** How many rows an export reads at a time. */
const EXPORT_BATCH_SIZE = 1_000;

/**
 * What a resource's list reads: its table and joins, the columns of a record, the sorts it accepts,
 * what a search looks in, and what a page adds to its records (translations, say).
 */
export type ResourceListDefinition<Columns extends SelectedFields, Record> = {
  table: PgTable;
  /** The unique id: the last sort, so paging and exports are stable. */
  id: AnyColumn;
  /** Soft delete: set means inactive (`isActive` filters on it). */
  deletedAt: AnyColumn;
  columns: Columns;
  /** Joins the columns need (a single-table resource has none). */
  joins?: (query: PgSelect) => PgSelect;
  /** Every word of a search must be in one of these normalised texts (`search_text` columns). */
  searchIn: AnyColumn[];
  /** The `orderBy` names accepted (matched case-insensitively) and the default one. */
  sortable: ListDefinition['sortable'];
  defaultSort: string;
  /** The resource's name in `row_counts` (migration 0004's triggers): a total without a search reads it. */
  rowCounts?: string;
  /** Completes a page of rows into records (two or three queries a page, never one a row). */
  details?: (db: Database, rows: SelectResultFields<Columns>[]) => Promise<Record[]>;
};

/** A resource's reads on one database handle (a repository's, or its transaction's). */
export type RecordReader<Record> = {
  list(plan: ListPlan): Promise<{ records: Record[]; total: number }>;
  /** The whole list, in its order, by keyset: each batch starts after the last (sort value, id) read. */
  batches(plan: ListPlan, size?: number): AsyncGenerator<Record[]>;
  findById(id: number): Promise<Record | undefined>;
};

export type ResourceList<Record> = {
  definition: ListDefinition;
  /** A list query made a plan; an `orderBy` the resource does not declare is a 400. */
  plan(query: ListQuery): ListPlan;
  on(db: Database): RecordReader<Record>;
};

/** The record type a resource list reads: `RecordOf<typeof categoriesList>`. */
export type RecordOf<List> = List extends ResourceList<infer Record> ? Record : never;

const KEYSET_KEY = 'keysetSortKey';
const KEYSET_ID = 'keysetId';

/**
 * The list, export and get reads of a resource, from one declaration: filters (search and state),
 * the sort whitelist, paging with totals, and exports read by keyset rather than OFFSET.
 */
export function resourceList<Columns extends SelectedFields, Record = SelectResultFields<Columns>>(
  resource: ResourceListDefinition<Columns, Record>,
): ResourceList<Record> {
  const definition: ListDefinition = {
    sortable: resource.sortable,
    defaultSort: resource.defaultSort,
    tieBreaker: resource.id,
  };

  const select = (db: Database, fields: SelectedFields): PgSelect => {
    const query = db.select(fields).from(resource.table).$dynamic() as unknown as PgSelect;
    return resource.joins ? resource.joins(query) : query;
  };
  const run = async (query: PgSelect) => (await query) as unknown as SelectResultFields<Columns>[];

  /** Every word in one of the searched texts; the state on the soft-delete column. */
  const filters = (plan: Pick<ListPlan, 'search' | 'isActive'>): SQL | undefined => {
    const [first = [], ...others] = resource.searchIn.map((column) => allWordsIn(column, plan.search));
    const words = first.map((condition, index) => or(condition, ...others.map((column) => column[index])));
    return and(stateCondition(resource.deletedAt, plan.isActive), ...words);
  };

  const complete = async (db: Database, rows: SelectResultFields<Columns>[]) =>
    resource.details ? resource.details(db, rows) : (rows as unknown as Record[]);

  return {
    definition,
    plan: (query) => planList(query, definition),
    on: (db) => ({
      async list(plan) {
        const where = filters(plan);
        const [rows, total] = await Promise.all([
          run(
            select(db, resource.columns)
              .where(where)
              .orderBy(...plan.orderBy)
              .limit(plan.limit)
              .offset(plan.offset),
          ),
          plan.search || !resource.rowCounts
            ? (select(db, { total: count() }).where(where) as unknown as Promise<{ total: number }[]>).then(
                ([row]) => row?.total ?? 0,
              )
            : countRows(db, resource.rowCounts, plan.isActive),
        ]);
        return { records: await complete(db, rows), total };
      },

      async *batches(plan, size = EXPORT_BATCH_SIZE) {
        const where = filters(plan);
        const sort = {
          column: plan.sortColumn,
          isAscending: plan.isAscending,
          mayBeNull: mayBeNull(plan.sortColumn, resource.table),
        };
        const fields = {
          ...resource.columns,
          [KEYSET_KEY]: sortKeyOf(plan.sortColumn),
          [KEYSET_ID]: resource.id,
        };
        let after: { sortKey: string | null; id: number } | undefined;
        for (;;) {
          const rows = (await select(db, fields)
            .where(and(where, after && keysetAfter(sort, resource.id, after)))
            .orderBy(...plan.orderBy)
            .limit(size)) as unknown as (SelectResultFields<Columns> & {
            [KEYSET_KEY]: string | null;
            [KEYSET_ID]: number;
          })[];
          const last = rows.at(-1);
          if (!last) return;
          const records = rows.map(({ [KEYSET_KEY]: _key, [KEYSET_ID]: _id, ...record }) => record);
          yield await complete(db, records as unknown as SelectResultFields<Columns>[]);
          if (rows.length < size) return;
          after = { sortKey: last[KEYSET_KEY], id: last[KEYSET_ID] };
        }
      },

      async findById(id) {
        const rows = await run(select(db, resource.columns).where(eq(resource.id, id)));
        return rows.length > 0 ? (await complete(db, rows))[0] : undefined;
      },
    }),
  };
}
