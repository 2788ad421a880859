import { z } from 'zod';
import { idSchema } from './integers.schemas.ts';
import { listQuerySchema } from './list.schemas.ts';

/**
 * The kit's bulk actions, shared by the API and the web.
 *
 * `POST /api/<path>/bulk` with `{ action, ids, actionId?, values? }` runs one action over at most
 * `BULK_CHUNK_SIZE` rows, each row in its own transaction with the same rules (holds) as the row's own
 * command, and answers one result per id. The web sends a selection of up to `BULK_MAX_ROWS` rows in
 * chunks and shows the progress; the first chunk's answer names the `actionId` the next chunks carry,
 * so every row's audit event names the same action.
 * `POST /api/<path>/bulk/ids` with the list's filter answers the ids of "all N that match" (at most
 * `BULK_MAX_ROWS`; more is a 400 asking to narrow the filter).
 */
export const BULK_MAX_ROWS = 10_000;
export const BULK_CHUNK_SIZE = 500;

export const BULK_ACTIONS = ['activate', 'deactivate', 'delete', 'move', 'resendConfirmation'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

export const bulkBodySchema = z.strictObject({
  action: z.enum(BULK_ACTIONS, { error: 'invalidOption' }),
  // Bounded as every id (a PostgreSQL integer): a larger number is a 400, never a failed query.
  ids: z.array(idSchema).min(1).max(BULK_CHUNK_SIZE),
  actionId: z.uuid().optional(),
  /** What a `move` sets (devices: `locationId` and/or `campaignId`). */
  values: z.record(z.string(), z.union([z.number().int().positive(), z.null()])).optional(),
});
export type BulkBody = z.infer<typeof bulkBodySchema>;

export const bulkIdsBodySchema = listQuerySchema.omit({
  page: true,
  perPage: true,
  orderBy: true,
  orderByDirection: true,
});

export const bulkRowResultSchema = z.object({
  id: z.number().int(),
  /** The record's name as the list shows it, for the downloadable result. */
  name: z.string().nullable(),
  outcome: z.enum(['done', 'unchanged', 'refused', 'notFound']),
  code: z.string().nullable(),
  message: z.string().nullable(),
});
export type BulkRowResult = z.infer<typeof bulkRowResultSchema>;

export const bulkAnswerSchema = z.object({
  actionId: z.uuid(),
  results: z.array(bulkRowResultSchema),
});
export type BulkAnswer = z.infer<typeof bulkAnswerSchema>;

export const bulkIdsAnswerSchema = z.object({ ids: z.array(z.number().int()), total: z.number().int() });
