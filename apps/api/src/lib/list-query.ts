import type { ListQuery, Page } from '@scentia/shared/list.schemas';
import { type AnyColumn, asc, desc, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { invalidFields } from './app-error.ts';

/**
 * What a resource declares for its list: the `orderBy` names it accepts (the spec uses dotted names
 * such as `User.Nome`; matched case-insensitively) mapped to columns, its default sort, and a unique
 * column that breaks ties so paging is stable.
 */
export type ListDefinition = {
  sortable: Record<string, AnyColumn | SQL>;
  defaultSort: string;
  tieBreaker: AnyColumn;
};

export type ListPlan = {
  /** The sort column and direction, for keyset reading of the whole result (exports). */
  sortColumn: AnyColumn | SQL;
  isAscending: boolean;
  search: string | undefined;
  isActive: boolean | undefined;
  orderBy: SQL[];
  limit: number;
  offset: number;
  perPage: number;
};

/** A list's state filter on its soft-delete column: active rows, inactive rows, or every row. */
export function stateCondition(deletedAt: AnyColumn, isActive: boolean | undefined): SQL | undefined {
  if (isActive === undefined) return undefined;
  return isActive ? isNull(deletedAt) : isNotNull(deletedAt);
}

/** Turns a validated list query into a plan; an `orderBy` the resource does not declare is a 400. */
export function planList(query: ListQuery, definition: ListDefinition): ListPlan {
  const requested = query.orderBy ?? definition.defaultSort;
  const key = Object.keys(definition.sortable).find((name) => name.toLowerCase() === requested.toLowerCase());
  if (!key) throw invalidFields({ path: 'orderBy', key: 'field.invalidOption' });
  const column = definition.sortable[key] as AnyColumn | SQL;
  const direction = query.orderByDirection === 'asc' ? asc : desc;
  const search = (query.search ?? query.FilterString)?.trim() || undefined;
  return {
    sortColumn: column,
    isAscending: query.orderByDirection === 'asc',
    search,
    isActive: query.isActive,
    orderBy: [direction(column), direction(definition.tieBreaker)],
    limit: query.perPage,
    offset: (query.page - 1) * query.perPage,
    perPage: query.perPage,
  };
}

export function toPage<T>(data: T[], total: number, perPage: number, totalIsEstimate = false): Page<T> {
  return {
    data,
    total,
    totalPages: Math.ceil(total / perPage),
    ...(totalIsEstimate ? { totalIsEstimate } : {}),
  };
}
