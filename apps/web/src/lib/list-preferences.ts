import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@scentia/shared/constants';
import { removeItem, STORAGE_KEYS, writeJson } from './browser-storage.ts';
import { isRecord, plainCheck, readCheckedJson } from './plain-checks.ts';

/**
 * The per-endpoint table state of spec §3 ("per-endpoint table pagination state"): each list
 * remembers its sort and page size under the `tablePagination` entry, keyed by its endpoint
 * (`{"usuario": {"perPage": 20, "orderBy": "nome", "orderByDirection": "asc"}}`). The page number
 * and the search are deliberately not kept: a list reopened later starts at its first page.
 */
export type SortDirection = 'asc' | 'desc';
export type ListPreferences = { perPage: number; orderBy: string; orderByDirection: SortDirection };

// Checked without zod: session.ts clears these on the login route, which loads without it (see
// plain-checks.ts).
const preferencesCheck = plainCheck(
  (value): value is ListPreferences =>
    isRecord(value) &&
    Number.isSafeInteger(value.perPage) &&
    (PAGE_SIZES as readonly unknown[]).includes(value.perPage) &&
    typeof value.orderBy === 'string' &&
    value.orderBy.length >= 1 &&
    value.orderBy.length <= 64 &&
    (value.orderByDirection === 'asc' || value.orderByDirection === 'desc'),
);

// One bad entry (hand-edited, or from an older version) must not discard the other endpoints'.
const storedCheck = plainCheck(isRecord);

function readAll(): Record<string, unknown> {
  return readCheckedJson(STORAGE_KEYS.tablePagination, storedCheck) ?? {};
}

/**
 * The remembered state of `endpoint`, or `defaults` for whatever is missing or no longer valid;
 * `allowedSorts` drops a remembered column the list does not sort by any more.
 */
export function readListPreferences(
  endpoint: string,
  defaults: Pick<ListPreferences, 'orderBy' | 'orderByDirection'> & { perPage?: number },
  allowedSorts?: readonly string[],
): ListPreferences {
  const fallback: ListPreferences = { perPage: DEFAULT_PAGE_SIZE, ...defaults };
  const parsed = preferencesCheck.safeParse(readAll()[endpoint]);
  if (!parsed.success) return fallback;
  const { perPage, orderBy, orderByDirection } = parsed.data;
  const isSortAllowed = !allowedSorts || allowedSorts.includes(orderBy);
  return isSortAllowed ? { perPage, orderBy, orderByDirection } : { ...fallback, perPage };
}

export function writeListPreferences(endpoint: string, preferences: ListPreferences): void {
  writeJson(STORAGE_KEYS.tablePagination, { ...readAll(), [endpoint]: preferences });
}

export function clearListPreferences(): void {
  removeItem(STORAGE_KEYS.tablePagination);
}
