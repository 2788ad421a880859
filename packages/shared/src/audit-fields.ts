import { z } from 'zod';
import { type AuditRecordType, auditEventSchema } from './audit.schemas.ts';

/**
 * The address block's columns (`addressSchema`; the API's `addressColumns()`), listed once for every
 * audited table that has the block; the web labels them once too (`ADDRESS_FIELD_LABELS`).
 */
export const ADDRESS_AUDITED_COLUMNS = ['zipcode', 'street', 'city', 'state', 'country'] as const;

/**
 * Every column the audit trail records, per audited table: the triggers keep all but the bookkeeping
 * (search_text, search_prefixes, created_at, updated_at, a campaign's downloads counter). A record's
 * history shows each one under a label in the reader's language; the web's labels are typed over this
 * list, and an API test keeps the list equal to the audited tables' columns, so a new column cannot
 * reach the history unnamed.
 */
export const AUDITED_COLUMNS = {
  users: [
    'id',
    'name',
    'email',
    'password_hash',
    'profile_id',
    'cpf',
    'document',
    'genre',
    'birthday',
    ...ADDRESS_AUDITED_COLUMNS,
    'language',
    'confirmed_at',
    'terms_accepted_at',
    'deleted_at',
    'anonymized_at',
  ],
  temporary_requests: ['id', 'user_id', 'kind', 'token_hash', 'expires_at', 'used_at'],
  profiles: ['id', 'name', 'master_profile_id'],
  categories: ['id', 'name', 'deleted_at'],
  category_translations: ['category_id', 'language', 'name'],
  fragrances: [
    'id',
    'name',
    'description',
    'olfactory_way',
    'category_id',
    'image_key',
    'thumbnail_key',
    'deleted_at',
  ],
  fragrance_translations: ['fragrance_id', 'language', 'description', 'olfactory_way'],
  campaigns: [
    'id',
    'name',
    'fragrance_shots',
    'cover_key',
    'cover_thumbnail_key',
    'is_default',
    'deleted_at',
  ],
  campaign_slots: ['campaign_id', 'slot', 'fragrance_id', 'shot_seconds'],
  campaign_descriptions: ['campaign_id', 'language', 'description'],
  campaign_qr_prints: ['id', 'campaign_id', 'kind', 'campaign_updated_at', 'printed_at', 'printed_by'],
  organizations: [
    'id',
    'name',
    'legal_name',
    'cnpj',
    'contact_name',
    'contact_email',
    'phone',
    ...ADDRESS_AUDITED_COLUMNS,
    'note',
    'deleted_at',
  ],
  organization_members: [
    'id',
    'organization_id',
    'user_id',
    'role',
    'location_ids',
    'invited_by_id',
    'accepted_at',
  ],
  locations: [
    'id',
    'organization_id',
    'name',
    ...ADDRESS_AUDITED_COLUMNS,
    'time_zone',
    'note',
    'schedule',
    'deleted_at',
  ],
  devices: [
    'id',
    'mac_address',
    'location_id',
    'organization_id',
    'campaign_id',
    'user_id',
    'paired_at',
    'pairing_step',
    'schedule',
    'credential_hash',
    'secret_ciphertext',
    'provisioned_at',
    'deleted_at',
  ],
  quizzes: [
    'id',
    'name',
    'campaign_id',
    'language',
    'validated_at',
    'published_at',
    'published_version',
    'deleted_at',
  ],
  quiz_questions: ['id', 'quiz_id', 'question_id'],
  quiz_answers: [
    'id',
    'quiz_id',
    'quiz_question_id',
    'answer_id',
    'description',
    'is_final',
    'next_question_id',
    'position',
  ],
  quiz_fragrance_options: ['id', 'quiz_id', 'quiz_answer_id', 'fragrance_id'],
  initiatives: [
    'id',
    'title',
    'description',
    'organization_id',
    'campaign_id',
    'starts_on',
    'ends_on',
    'status',
    'proposed_by',
    'deleted_at',
  ],
  initiative_locations: ['initiative_id', 'location_id'],
} as const satisfies Record<string, readonly string[]>;

export type AuditedTable = keyof typeof AUDITED_COLUMNS;
export type AuditedColumn<Table extends AuditedTable> = (typeof AUDITED_COLUMNS)[Table][number];

/**
 * The table holding each kind's record itself; its other tables hold its parts (translations, slots).
 * Its `<table>_audit` trigger names the kind (an API test checks), and the history names the record
 * by this row's `name`. The trail's own events (`audit`) are no audited row.
 */
export const AUDIT_MAIN_TABLES = {
  user: 'users',
  profile: 'profiles',
  category: 'categories',
  fragrance: 'fragrances',
  campaign: 'campaigns',
  organization: 'organizations',
  location: 'locations',
  quiz: 'quizzes',
  device: 'devices',
  initiative: 'initiatives',
  audit: null,
} as const satisfies Record<AuditRecordType, AuditedTable | null>;

/**
 * What a referring column names: a kind of record, or one of the quiz's parts, which the trail records
 * under their quiz but which the history names by their text ("Qual cítrico?", not #18).
 */
export type AuditReferenceKind =
  | AuditRecordType
  | 'questionText'
  | 'answerText'
  | 'quizQuestion'
  | 'quizAnswer';

type References = {
  readonly [Table in AuditedTable]?: Partial<Record<AuditedColumn<Table>, AuditReferenceKind>>;
};

/**
 * Columns that hold another record's id: the history names that record ("Lavanda") rather than its
 * number. A row's own keys (a translation's category) are not listed: they name the record itself.
 */
export const AUDIT_REFERENCES: References = {
  users: { profile_id: 'profile' },
  profiles: { master_profile_id: 'profile' },
  fragrances: { category_id: 'category' },
  campaign_slots: { fragrance_id: 'fragrance' },
  campaign_qr_prints: { printed_by: 'user' },
  locations: { organization_id: 'organization' },
  organization_members: { user_id: 'user' },
  devices: {
    location_id: 'location',
    organization_id: 'organization',
    campaign_id: 'campaign',
    user_id: 'user',
  },
  quizzes: { campaign_id: 'campaign' },
  quiz_questions: { question_id: 'questionText' },
  quiz_answers: {
    quiz_question_id: 'quizQuestion',
    answer_id: 'answerText',
    next_question_id: 'quizQuestion',
  },
  quiz_fragrance_options: { quiz_answer_id: 'quizAnswer', fragrance_id: 'fragrance' },
  initiatives: { organization_id: 'organization', campaign_id: 'campaign', proposed_by: 'user' },
  initiative_locations: { location_id: 'location' },
};

/** What a column of `table` refers to, if it holds a reference. */
export function referencedRecordType(table: string, column: string): AuditReferenceKind | undefined {
  const references = (AUDIT_REFERENCES as Record<string, Record<string, AuditReferenceKind> | undefined>)[
    table
  ];
  return references?.[column];
}

/** How a column's structured value reads in a history: a weekly schedule as its ranges in words. */
export type AuditValueKind = 'schedule' | 'ownSchedule';

type ValueKinds = {
  readonly [Table in AuditedTable]?: Partial<Record<AuditedColumn<Table>, AuditValueKind>>;
};

/**
 * Columns that hold a structured value (JSON) rather than a word or a number: the history renders
 * each by its kind ("Mon 22:00–02:00, 60 shots/h"), never as the stored JSON. Typed over the audited
 * columns, so a renamed column fails the type check here.
 */
export const AUDIT_VALUE_KINDS: ValueKinds = {
  locations: { schedule: 'schedule' },
  // A device's own schedule: null is no schedule of its own, its location's runs.
  devices: { schedule: 'ownSchedule' },
};

/** The kind of structured value a column of `table` holds, if any. */
export function auditValueKind(table: string, column: string): AuditValueKind | undefined {
  const kinds = (AUDIT_VALUE_KINDS as Record<string, Record<string, AuditValueKind> | undefined>)[table];
  return kinds?.[column];
}

/** How a history answer keys the names of the records its events refer to: `fragrance:46`. */
export function referenceKey(recordType: string, recordId: unknown): string {
  return `${recordType}:${String(recordId)}`;
}

/**
 * An event as a record's history answers it: with `names`, the current name of each record its changes
 * refer to, keyed by `referenceKey` (a record removed for good by the last name the trail recorded; one
 * the trail never named is absent and shows as "#12 (removed)").
 */
export const auditHistoryEventSchema = auditEventSchema.extend({ names: z.record(z.string(), z.string()) });
export type AuditHistoryEvent = z.infer<typeof auditHistoryEventSchema>;
