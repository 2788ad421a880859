import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@scentia/shared/constants';
import { z } from 'zod';
import { readJson, removeItem, STORAGE_KEYS, writeJson } from './browser-storage.ts';

/**
 * The per-endpoint table state of spec §3 ("per-endpoint table pagination state"): each list
 * remembers its sort and page size under the `tablePagination` entry, keyed by its endpoint
 * (`{"usuario": {"perPage": 20, "orderBy": "nome", "orderByDirection": "asc"}}`). The page number
 * and the search are deliberately not kept: a list reopened later starts at its first page.
 */
export type SortDirection = 'asc' | 'desc';
export type ListPreferences = { perPage: number; orderBy: string; orderByDirection: SortDirection };

const preferencesSchema = z.object({
  perPage: z
    .number()
    .int()
    .refine((value) => (PAGE_SIZES as readonly number[]).includes(value)),
  orderBy: z.string().min(1).max(64),
  orderByDirection: z.enum(['asc', 'desc']),
});

// One bad entry (hand-edited, or from an older version) must not discard the other endpoints'.
const storedSchema = z.record(z.string(), z.unknown());

function readAll(): Record<string, unknown> {
  return readJson(STORAGE_KEYS.tablePagination, storedSchema) ?? {};
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
  const parsed = preferencesSchema.safeParse(readAll()[endpoint]);
  if (!parsed.success) return fallback;
  const isSortAllowed = !allowedSorts || allowedSorts.includes(parsed.data.orderBy);
  return isSortAllowed ? parsed.data : { ...fallback, perPage: parsed.data.perPage };
}

export function writeListPreferences(endpoint: string, preferences: ListPreferences): void {
  writeJson(STORAGE_KEYS.tablePagination, { ...readAll(), [endpoint]: preferences });
}

export function clearListPreferences(): void {
  removeItem(STORAGE_KEYS.tablePagination);
}
