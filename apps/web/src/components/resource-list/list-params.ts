import type { QueryValue } from '../../lib/http-client.ts';
import type { SortDirection } from '../../lib/list-preferences.ts';

/** Which rows the active/inactive filter shows (spec §2: active ones by default). */
export type ActiveFilter = 'active' | 'inactive' | 'all';

/**
 * The state of a list, as the list contract (spec §7) asks for it: 1-based `page`, `perPage`,
 * `search`, `isActive` and the sort. `isActive` is left out for resources without the filter.
 */
export type ListParams = {
  page: number;
  perPage: number;
  search: string;
  isActive?: boolean;
  orderBy: string;
  orderByDirection: SortDirection;
  /** The list's own filters beyond the contract (`organizationId`), sent as they are; empty ones are left out. */
  filters?: Readonly<Record<string, string>>;
};

/** What an export sends: the list's search, filter and sort; the server exports every page. */
export type ExportParams = Omit<ListParams, 'page' | 'perPage'>;

/**
 * The query string of a list call. Empty values are left out (the API refuses unknown or empty
 * parameters it does not expect), booleans become 'true'/'false'.
 */
export function listQuery(params: ListParams | ExportParams): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {};
  if ('page' in params) {
    query.page = params.page;
    query.perPage = params.perPage;
  }
  if (params.search) query.search = params.search;
  if (params.isActive !== undefined) query.isActive = params.isActive ? 'true' : 'false';
  query.orderBy = params.orderBy;
  query.orderByDirection = params.orderByDirection;
  for (const [name, value] of Object.entries(params.filters ?? {})) if (value) query[name] = value;
  return query;
}

export function isActiveOf(filter: ActiveFilter): boolean | undefined {
  return filter === 'all' ? undefined : filter === 'active';
}
