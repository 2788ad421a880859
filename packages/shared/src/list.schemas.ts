import { z } from 'zod';
import { PAGE_SIZES } from './constants.ts';
import { boundedIntegerText } from './integers.schemas.ts';

const MAX_PAGE = 1_000_000;

/**
 * The list contract every resource shares (spec §7): 1-based `page`, `perPage` of 10, 20 or 50, a
 * `search` (or its alias `FilterString`), `isActive`, and a sort. Which `orderBy` values are allowed is
 * declared per resource on the server; anything else is a 400.
 */
export const listQuerySchema = z.strictObject({
  page: boundedIntegerText(1, MAX_PAGE, 1),
  perPage: boundedIntegerText(Math.min(...PAGE_SIZES), Math.max(...PAGE_SIZES), 10).refine(
    (value) => (PAGE_SIZES as readonly number[]).includes(value),
    { error: 'pageSize' },
  ),
  search: z.string().trim().max(100, { error: 'tooLong' }).optional(),
  FilterString: z.string().trim().max(100, { error: 'tooLong' }).optional(),
  isActive: z
    .enum(['true', 'false'], { error: 'invalidOption' })
    .transform((value) => value === 'true')
    .optional(),
  orderBy: z.string().trim().max(64, { error: 'tooLong' }).optional(),
  orderByDirection: z
    .string()
    .transform((value) => value.toLowerCase())
    .pipe(z.enum(['asc', 'desc'], { error: 'invalidOption' }))
    .default('desc'),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/** Searches of large tables count at most this many matches; past it their total is an estimate. */
/**
 * The kit's tail of every soft-deleted record's row schema, spread after its own fields:
 * `ativo` (false once inactive, `deletedAt` set with it) and when it was created, updated and deactivated.
 */
export const kitRowFields = {
  ativo: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  deletedAt: z.string().nullable(),
};

export const EXACT_COUNT_LIMIT = 1_000;

export function pageOf<T extends z.ZodType>(row: T) {
  return z.object({
    data: z.array(row),
    total: z.number().int(),
    totalPages: z.number().int(),
    /** True when `total` is an estimate (a broad search on a large table: "about 28,000"). */
    totalIsEstimate: z.boolean().optional(),
  });
}

export type Page<T> = { data: T[]; total: number; totalPages: number; totalIsEstimate?: boolean };

/** `GET /{resource}/quick-search?str=`: a typeahead's text (spec §5: 3 characters or more, or empty). */
export const quickSearchQuerySchema = z.strictObject({
  str: z.string().trim().max(100, { error: 'tooLong' }).default(''),
});
