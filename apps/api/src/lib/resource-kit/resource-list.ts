import type { ListQuery } from '@scentia/shared/list.schemas';
import {
  type AnyColumn,
  and,
  asc,
  Column,
  count,
  desc,
  eq,
  inArray,
  is,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { PgSelect, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Database } from '../../db/client.ts';
import { isInRequestTransaction } from '../../db/member-transaction.ts';
import { plannedOnce } from '../../db/named-statements.ts';
import type { AccessScope } from '../access-scope.ts';
import { type ListDefinition, type ListPlan, planList, stateCondition } from '../list-query.ts';
import { countRows } from '../row-counts.ts';
import { allWordsIn } from '../search-text.ts';
import { keysetAfter, mayBeNull, sortKeyOf } from './keyset.ts';
import { type ScopeNarrowing, scopeCondition } from './record-scope.ts';

/** The column that carries a page's total in the page's own statement, in a request's transaction. */
const PAGE_TOTAL = '__pageTotal';

/** How many rows an export reads at a time. */
const EXPORT_BATCH_SIZE = 1_000;

/**
 * What a resource's list reads: its table and joins, the columns of a record, the sorts it accepts,
 * what a search looks in, and what a page adds to its records (translations, say).
 */
export type ResourceListDefinition<Columns extends SelectedFields, Record, Query extends ListQuery> = {
  table: PgTable;
  /** The unique id: the last sort, so paging and exports are stable. */
  id: AnyColumn;
  /** Soft delete: set means inactive (`isActive` filters on it). */
  deletedAt: AnyColumn;
  columns: Columns;
  /** Joins the columns need (a single-table resource has none). */
  joins?: (query: PgSelect) => PgSelect;
  /**
   * The joins only add columns: each finds exactly one row (an inner join on a NOT NULL foreign key)
   * and the resource's filter reads its own table alone. A page then picks its ids from the
   * table alone before joining its rows, and a searched or filtered total counts without the joins.
   */
  joinsOnlyAddColumns?: boolean;
  /** Every word of a search must be in one of these normalised texts (`search_text` columns). */
  searchIn: AnyColumn[];
  /**
   * Each word of a search as the stored text has it, when the resource stores some value another way
   * than it is typed (a CNPJ without its mask).
   */
  searchWord?: (word: string) => string;
  /** The resource's own list filters (`organizationId`), from its list query (`Query`). */
  filter?: (query: Query) => SQL | undefined;
  /**
   * How a member's rows are told apart (lib/resource-kit/record-scope.ts): a resource opened to members
   * declares it; without it a member's list, total, export and get find nothing.
   */
  scope?: ScopeNarrowing;
  /** The `orderBy` names accepted (matched case-insensitively) and the default one. */
  sortable: ListDefinition['sortable'];
  defaultSort: string;
  /** The resource's name in `row_counts` (migration 0004's triggers): a total without a search reads it. */
  rowCounts?: string;
  /**
   * Completes a page of rows into records (two or three queries a page, never one a row); what it
   * counts or adds is within the caller's `scope` (staff when absent).
   */
  details?: (db: Database, rows: SelectResultFields<Columns>[], scope?: AccessScope) => Promise<Record[]>;
};

/**
 * A list query as a resource reads it: the shared plan, the resource's own filter and the caller's
 * scope (staff when absent).
 */
export type ResourcePlan = ListPlan & { filter?: SQL; scope?: AccessScope };

/** A resource's reads on one database handle (a repository's, or its transaction's). */
export type RecordReader<Record> = {
  list(plan: ResourcePlan): Promise<{ records: Record[]; total: number }>;
  /** The whole list, in its order, by keyset: each batch starts after the last (sort value, id) read. */
  batches(plan: ResourcePlan, size?: number): AsyncGenerator<Record[]>;
  /** The record, when it exists and is within `scope` (staff when absent): another organisation's is none. */
  findById(id: number, scope?: AccessScope): Promise<Record | undefined>;
  /** The records of `ids` within `scope` (one read for a bulk action's chunk); the others are absent. */
  findMany(ids: number[], scope?: AccessScope): Promise<Record[]>;
  /** The ids the list shows for `plan` (every page, in its order), at most `limit`. */
  ids(plan: ResourcePlan, limit: number): Promise<number[]>;
};

export type ResourceList<Record, Query extends ListQuery = ListQuery> = {
  definition: ListDefinition;
  /** A list query made a plan; an `orderBy` the resource does not declare is a 400. */
  plan(query: Query): ResourcePlan;
  on(db: Database): RecordReader<Record>;
  /** The condition `scope` puts on the resource's rows (none for staff): for its other reads. */
  narrow(scope: AccessScope | undefined): SQL | undefined;
};

/** The record type a resource list reads: `RecordOf<typeof categoriesList>`. */
export type RecordOf<List> = List extends ResourceList<infer Record, infer _Query> ? Record : never;

const KEYSET_KEY = 'keysetSortKey';
/** Column types whose `|| ''` is the same text (an enum's would sort by its text, not its order). */
const TEXT_COLUMNS = ['PgText', 'PgVarchar', 'PgChar'];
const KEYSET_ID = 'keysetId';

/**
 * The list, export and get reads of a resource, from one declaration: filters (search and state),
 * the sort whitelist, paging with totals, and exports read by keyset rather than OFFSET.
 */
export function resourceList<
  Columns extends SelectedFields,
  Record = SelectResultFields<Columns>,
  Query extends ListQuery = ListQuery,
>(resource: ResourceListDefinition<Columns, Record, Query>): ResourceList<Record, Query> {
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

  const { searchWord } = resource;
  const searched = (search: string | undefined) =>
    search && searchWord ? search.split(/\s+/).map(searchWord).join(' ') : search;

  /** Every word in one of the searched texts; the state on the soft-delete column; the own filter. */
  const filters = (plan: ResourcePlan): SQL | undefined => {
    const search = searched(plan.search);
    const [first = [], ...others] = resource.searchIn.map((column) => allWordsIn(column, search));
    const words = first.map((condition, index) => or(condition, ...others.map((column) => column[index])));
    return and(
      stateCondition(resource.deletedAt, plan.isActive),
      plan.filter,
      scopeCondition(plan.scope, resource.scope),
      ...words,
    );
  };

  const complete = async (db: Database, rows: SelectResultFields<Columns>[], scope?: AccessScope) =>
    resource.details ? resource.details(db, rows, scope) : (rows as unknown as Record[]);

  /** Whether the table alone (without any joins) has the same rows, in the same order by `sort`. */
  const aloneReadsSame = (sort: AnyColumn | SQL) =>
    (!resource.joins || resource.joinsOnlyAddColumns === true) &&
    is(sort, Column) &&
    sort.table === resource.table;
  /** A query of the table alone: no joins. */
  const selectAlone = (db: Database, fields: SelectedFields): PgSelect =>
    db.select(fields).from(resource.table).$dynamic() as unknown as PgSelect;

  /**
   * A page's order. With a search, a text sort is ordered by an expression of its column (the same
   * values, so the same order): PostgreSQL then finds the matches by the search's trigram index and
   * sorts only them, instead of walking the sort's index and testing every row on the way.
   */
  const pageOrder = (plan: ResourcePlan): SQL[] => {
    const column = plan.sortColumn;
    if (!plan.search || !is(column, Column) || !TEXT_COLUMNS.includes(column.columnType)) return plan.orderBy;
    const direction = plan.isAscending ? asc : desc;
    return [direction(sql`(${column} || '')`), direction(resource.id)];
  };

  return {
    definition,
    plan: (query) => ({ ...planList(query, definition), filter: resource.filter?.(query) }),
    narrow: (scope) => scopeCondition(scope, resource.scope),
    on: (db) => ({
      async list(plan) {
        const where = filters(plan);
        const orderBy = pageOrder(plan);
        // A page picks its ids first, from the table alone (from the sort's index, when it holds the
        // state too), then joins those rows only: the rows an OFFSET skips, and the rows a filter or a
        // member's scope keeps before the page is cut, are neither joined nor read whole (a member's first
        // page of capsules joined all 1,000 of its organisation's: docs/performance/member-cost.md).
        const idsFirst = aloneReadsSame(plan.sortColumn);
        const counted = resource.joinsOnlyAddColumns
          ? selectAlone(db, { total: count() }).where(where)
          : select(db, { total: count() }).where(where);
        // The row counts are the whole table's: a member's total is counted within their scope.
        const rowCounts =
          plan.search || plan.filter || scopeCondition(plan.scope, resource.scope)
            ? undefined
            : resource.rowCounts;
        // In a request's transaction (a member's) the page and its total would run one after the other
        // on its one connection, where the staff's run side by side on two: the total travels in the
        // page's statement instead (an uncorrelated sub-select, run once), a round trip and a statement
        // fewer (docs/performance/member-whole-organization.md). A page past the end has no row to carry it.
        const isTotalInPage = !rowCounts && isInRequestTransaction();
        const columns: SelectedFields = isTotalInPage
          ? { ...resource.columns, [PAGE_TOTAL]: sql<number>`(${counted})`.mapWith(Number) }
          : resource.columns;
        const page = idsFirst
          ? select(db, columns)
              .where(
                inArray(
                  resource.id,
                  selectAlone(db, { id: resource.id } as unknown as SelectedFields)
                    .where(where)
                    .orderBy(...orderBy)
                    .limit(plan.limit)
                    .offset(plan.offset),
                ),
              )
              .orderBy(...orderBy)
          : select(db, columns)
              .where(where)
              .orderBy(...orderBy)
              .limit(plan.limit)
              .offset(plan.offset);
        const countAlone = () =>
          (counted as unknown as Promise<{ total: number }[]>).then(([row]) => row?.total ?? 0);
        const read = async (): Promise<[SelectResultFields<Columns>[], number]> => {
          if (isTotalInPage) {
            const rows = (await run(page)) as (SelectResultFields<Columns> & { [PAGE_TOTAL]?: number })[];
            const total = rows[0]?.[PAGE_TOTAL] ?? (plan.offset > 0 ? await countAlone() : 0);
            for (const row of rows) delete row[PAGE_TOTAL];
            return [rows, total];
          }
          return Promise.all([run(page), rowCounts ? countRows(db, rowCounts, plan.isActive) : countAlone()]);
        };
        // Without a search, the best plan does not depend on the values: planned once where it can be.
        const [rows, total] = await (plan.search ? read() : plannedOnce(read));
        return { records: await complete(db, rows, plan.scope), total };
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
          yield await complete(db, records as unknown as SelectResultFields<Columns>[], plan.scope);
          if (rows.length < size) return;
          after = { sortKey: last[KEYSET_KEY], id: last[KEYSET_ID] };
        }
      },

      async findById(id, scope) {
        const rows = await run(
          select(db, resource.columns).where(and(eq(resource.id, id), scopeCondition(scope, resource.scope))),
        );
        return rows.length > 0 ? (await complete(db, rows, scope))[0] : undefined;
      },

      async findMany(ids, scope) {
        if (ids.length === 0) return [];
        const where = and(inArray(resource.id, ids), scopeCondition(scope, resource.scope));
        return complete(db, await run(select(db, resource.columns).where(where)), scope);
      },

      async ids(plan, limit) {
        const rows = (await select(db, { id: resource.id } as unknown as SelectedFields)
          .where(filters(plan))
          .orderBy(...pageOrder(plan))
          .limit(limit)) as unknown as { id: number }[];
        return rows.map((row) => row.id);
      },
    }),
  };
}
