import { z } from 'zod';
import { dateTimeSchema } from './dates.schemas.ts';
import { idTextSchema } from './integers.schemas.ts';
import { listQuerySchema } from './list.schemas.ts';

/**
 * The kinds of record the audit trail names (the `record_type` its triggers write). Everything the
 * trail knows per kind is a `Record<AuditRecordType, …>`, so a new kind fails the type check until
 * each place has it: RECORD_PATHS below, AUDIT_MAIN_TABLES (audit-fields.ts), the API's history access
 * and names (modules/audit), the web's record pages (record-history/audit-event-text.ts); a web test
 * asks for its `recordTypes` label in every language. `audit` is the trail itself: its export is
 * recorded as record `audit`/`export`, so that the exports can be listed like any other record's events.
 */
export const AUDIT_RECORD_TYPES = [
  'user',
  'profile',
  'category',
  'fragrance',
  'campaign',
  'organization',
  'location',
  'quiz',
  'device',
  'initiative',
  'audit',
] as const;
export type AuditRecordType = (typeof AUDIT_RECORD_TYPES)[number];

export function isAuditRecordType(type: string): type is AuditRecordType {
  return (AUDIT_RECORD_TYPES as readonly string[]).includes(type);
}

/**
 * The collection path of each kind's API (`/categories`), null when it has no create, update and
 * delete of its own. The resource kit registers its routes there, and their operationIds (which the
 * trail records as the action) follow from it: `kitOperationIds`.
 */
export const RECORD_PATHS = {
  user: '/usuario',
  profile: null,
  category: '/categories',
  fragrance: '/fragrances',
  campaign: '/campaigns',
  organization: '/organizations',
  location: '/locations',
  quiz: '/quiz',
  device: '/devices',
  initiative: '/initiatives',
  audit: null,
} as const satisfies Record<AuditRecordType, `/${string}` | null>;

/** The kinds whose routes the resource kit registers (those with a collection path). */
export type KitRecordType = {
  [Type in AuditRecordType]: (typeof RECORD_PATHS)[Type] extends null ? never : Type;
}[AuditRecordType];

const pascal = (word: string) =>
  word
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]?.toUpperCase() + part.slice(1))
    .join('');

/**
 * `GET /api/categories/:id` -> `getCategoriesById`: the method, then each path segment, parameters
 * as `By<Name>`; a trailing slash (the spec's `GET /perfil/`) is spelled out so it cannot collide.
 * The API names its operations so, and the trail records a call by that name.
 */
export function operationIdOf(method: string, url: string): string {
  const segments = url
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter(Boolean);
  const words = segments.map((segment) =>
    segment.startsWith(':') ? `By${pascal(segment)}` : pascal(segment),
  );
  const trailing = url.length > 1 && url.endsWith('/') ? 'TrailingSlash' : '';
  return method.toLowerCase() + words.join('') + trailing;
}

/** What each state-changing route of the resource kit does, by its operationId on a collection path. */
export function kitOperationIds(path: string) {
  return {
    created: operationIdOf('POST', path),
    updated: operationIdOf('PUT', `${path}/:id`),
    /** Or deleted for good (`hardDelete=true`): the trail's changes tell them apart. */
    deactivated: operationIdOf('DELETE', `${path}/:id`),
    activated: operationIdOf('PUT', `${path}/activate/:id`),
  } as const;
}

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
