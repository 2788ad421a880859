import { z } from 'zod';

/**
 * The kit's spreadsheet import (issue: onboarding a client's fleet), shared by the API and the web.
 *
 * Routes, under each importing resource's collection path `/api/<path>`:
 * - `GET  …/import/template` — an xlsx: one column per declared import column, headed in the caller's
 *   language, an example row, and the column's rules in a cell note.
 * - `POST …/import?mode=check|apply` — multipart with one part `file` (xlsx or CSV). Answers a report:
 *   200 when it finished within the request (small files), 202 when it was queued as a job (large
 *   files); the report's `id` is then followed with `GET /api/imports/{id}`.
 * - `GET  /api/imports/{id}` — the report as it stands (progress while it runs).
 * - `POST /api/imports/{id}/cancel` — asks a queued or running import to stop; nothing it did stays.
 *
 * `apply` checks first and writes nothing when any row has an error (all or nothing).
 */
export const IMPORT_MODES = ['check', 'apply'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

export const importQuerySchema = z.strictObject({
  mode: z.enum(IMPORT_MODES, { error: 'invalidOption' }).default('check'),
});

export const IMPORT_STATES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type ImportState = (typeof IMPORT_STATES)[number];

/** One refused cell (or row, when `column` is null): `row` is the spreadsheet's row number (header = 1). */
export const importRowErrorSchema = z.object({
  row: z.number().int(),
  /** The column's key as declared by the resource (`cnpj`), null for an error of the whole row. */
  column: z.string().nullable(),
  /** The column's heading in the caller's language, as the template shows it. */
  columnLabel: z.string().nullable(),
  code: z.string(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

export const importCountsSchema = z.object({
  insert: z.number().int(),
  update: z.number().int(),
  unchanged: z.number().int(),
  /** Rows with at least one error. */
  invalid: z.number().int(),
});
export type ImportCounts = z.infer<typeof importCountsSchema>;

/** At most this many row errors are answered; `errorsTruncated` says more were found. */
export const IMPORT_MAX_ERRORS = 1_000;

export const importReportSchema = z.object({
  id: z.uuid(),
  /** The record type imported (`organization`, `device`…). */
  recordType: z.string(),
  mode: z.enum(IMPORT_MODES),
  state: z.enum(IMPORT_STATES),
  fileName: z.string(),
  /** Data rows read so far and in all (null until the file has been read through). */
  processed: z.number().int(),
  total: z.number().int().nullable(),
  counts: importCountsSchema,
  errors: z.array(importRowErrorSchema),
  errorsTruncated: z.boolean(),
  /** True once an apply has committed its rows. */
  applied: z.boolean(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ImportReport = z.infer<typeof importReportSchema>;
