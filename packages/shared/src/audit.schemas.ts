import { z } from 'zod';
import { dateTimeSchema } from './dates.schemas.ts';
import { idTextSchema } from './integers.schemas.ts';
import { listQuerySchema } from './list.schemas.ts';

/** The kinds of record the audit trail names (the `record_type` its triggers write). */
export const AUDIT_RECORD_TYPES = ['user', 'profile', 'category', 'fragrance', 'campaign'] as const;
export type AuditRecordType = (typeof AUDIT_RECORD_TYPES)[number];

/** A redacted secret as the trail shows it: that it changed, never its value. */
export const REDACTED_PREFIX = 'redacted:';

/** One field of a changed row: its column name and its values before and after (null when absent). */
export const auditFieldChangeSchema = z.object({
  field: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});

/**
 * One row a call changed, net of the call's own steps: a translation deleted and inserted again with
 * the same text is no change, and is left out.
 */
export const auditChangeSchema = z.object({
  /** The table (`categories`, `category_translations`…). */
  table: z.string(),
  /** The row's primary key (`12`, `12,pt-BR`). */
  rowKey: z.string(),
  kind: z.enum(['created', 'updated', 'deleted']),
  fields: z.array(auditFieldChangeSchema),
});
export type AuditChange = z.infer<typeof auditChangeSchema>;

export const auditEventSchema = z.object({
  auditId: z.number().int(),
  occurredAt: z.string(),
  /** The signed-in account; null for an anonymous call or a change made outside the application. */
  actor: z.object({ userId: z.number().int(), name: z.string() }).nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** The call's operationId (`putCategoriesById`), a job's name, or `database`. */
  action: z.string(),
  record: z.object({ type: z.string(), id: z.string() }),
  changes: z.array(auditChangeSchema),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

/**
 * `GET /api/audit` and its export: the list contract (the search looks in the action and the record
 * type and id) plus filters by record, by person (the actor) and by period (`from` inclusive, `to`
 * exclusive). Events have no active state, so `isActive` is not taken.
 */
export const auditListQuerySchema = listQuerySchema.omit({ isActive: true }).extend({
  recordType: z.enum(AUDIT_RECORD_TYPES, { error: 'invalidOption' }).optional(),
  recordId: z.string().trim().max(64, { error: 'tooLong' }).optional(),
  actorId: idTextSchema.optional(),
  from: dateTimeSchema.optional(),
  to: dateTimeSchema.optional(),
});
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;

/** How many events a record's history shows on its edit page. */
export const RECORD_HISTORY_LIMIT = 20;
