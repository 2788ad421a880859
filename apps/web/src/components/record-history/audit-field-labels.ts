import type { ADDRESS_AUDITED_COLUMNS, AuditedColumn, AuditedTable } from '@scentia/shared/audit-fields';
import { TEMPORARY_REQUEST_KINDS } from '@scentia/shared/auth.schemas';
import { qrPrintBodySchema } from '@scentia/shared/campaigns.schemas';
import { MEMBER_ROLES } from '@scentia/shared/members.rules';
import { GENRES } from '@scentia/shared/users.schemas';

/** The address block's labels, the same in every table that has it. */
const ADDRESS_FIELD_LABELS: Readonly<Record<(typeof ADDRESS_AUDITED_COLUMNS)[number], string>> = {
  zipcode: 'fields.zipcode',
  street: 'fields.street',
  city: 'fields.city',
  state: 'fields.state',
  country: 'fields.country',
};

/**
 * The `audit` namespace's key for each audited column's label, or null for a column the history leaves
 * out: a row's own keys (the language and parent of a translation, a slot's number are in its label
 * already) and the thumbnails, which change with their image. Typed over the shared list of audited
 * columns, so a new column fails the type check until it has a label here, and a unit test checks that
 * every key is translated in each language.
 */
export const FIELD_LABELS: {
  readonly [Table in AuditedTable]: Readonly<Record<AuditedColumn<Table>, string | null>>;
} = {
  users: {
    id: null,
    name: 'fields.name',
    email: 'fields.email',
    password_hash: 'fields.password_hash',
    profile_id: 'fields.profile_id',
    cpf: 'fields.cpf',
    document: 'fields.document',
    genre: 'fields.genre',
    birthday: 'fields.birthday',
    ...ADDRESS_FIELD_LABELS,
    language: 'fields.language',
    confirmed_at: 'fields.confirmed_at',
    terms_accepted_at: 'fields.terms_accepted_at',
    deleted_at: 'fields.deleted_at',
    anonymized_at: 'fields.anonymized_at',
  },
  temporary_requests: {
    id: null,
    user_id: null,
    kind: 'fields.temporary_requests.kind',
    token_hash: 'fields.temporary_requests.token_hash',
    expires_at: 'fields.temporary_requests.expires_at',
    used_at: 'fields.temporary_requests.used_at',
  },
  profiles: { id: null, name: 'fields.name', master_profile_id: 'fields.master_profile_id' },
  categories: { id: null, name: 'fields.name', deleted_at: 'fields.deleted_at' },
  category_translations: { category_id: null, language: null, name: 'fields.name' },
  fragrances: {
    id: null,
    name: 'fields.name',
    description: 'fields.description',
    olfactory_way: 'fields.olfactory_way',
    category_id: 'fields.category_id',
    image_key: 'fields.image_key',
    thumbnail_key: null,
    deleted_at: 'fields.deleted_at',
  },
  fragrance_translations: {
    fragrance_id: null,
    language: null,
    description: 'fields.description',
    olfactory_way: 'fields.olfactory_way',
  },
  campaigns: {
    id: null,
    name: 'fields.name',
    fragrance_shots: 'fields.fragrance_shots',
    cover_key: 'fields.cover_key',
    cover_thumbnail_key: null,
    is_default: 'fields.is_default',
    deleted_at: 'fields.deleted_at',
  },
  campaign_slots: {
    campaign_id: null,
    slot: null,
    fragrance_id: 'fields.fragrance_id',
    shot_seconds: 'fields.shot_seconds',
  },
  campaign_descriptions: { campaign_id: null, language: null, description: 'fields.description' },
  campaign_qr_prints: {
    id: null,
    campaign_id: null,
    kind: 'fields.campaign_qr_prints.kind',
    campaign_updated_at: 'fields.campaign_qr_prints.campaign_updated_at',
    printed_at: 'fields.campaign_qr_prints.printed_at',
    printed_by: 'fields.campaign_qr_prints.printed_by',
  },
  organizations: {
    id: null,
    name: 'fields.name',
    legal_name: 'fields.legal_name',
    cnpj: 'fields.cnpj',
    contact_name: 'fields.contact_name',
    contact_email: 'fields.contact_email',
    phone: 'fields.phone',
    ...ADDRESS_FIELD_LABELS,
    note: 'fields.note',
    deleted_at: 'fields.deleted_at',
  },
  organization_members: {
    id: null,
    organization_id: null,
    user_id: 'fields.organization_members.user_id',
    role: 'fields.organization_members.role',
    location_ids: 'fields.organization_members.location_ids',
    // Who invited is a staff name for most invitations: it stays out of a history a member may read.
    invited_by_id: null,
    accepted_at: 'fields.organization_members.accepted_at',
  },
  locations: {
    id: null,
    organization_id: 'fields.organization_id',
    name: 'fields.name',
    ...ADDRESS_FIELD_LABELS,
    time_zone: 'fields.time_zone',
    note: 'fields.note',
    schedule: 'fields.schedule',
    deleted_at: 'fields.deleted_at',
  },
  devices: {
    id: null,
    mac_address: 'fields.mac_address',
    location_id: 'fields.location_id',
    organization_id: 'fields.organization_id',
    campaign_id: 'fields.campaign_id',
    user_id: 'fields.user_id',
    paired_at: 'fields.paired_at',
    pairing_step: 'fields.pairing_step',
    schedule: 'fields.schedule',
    credential_hash: 'fields.credential_hash',
    secret_ciphertext: 'fields.secret_ciphertext',
    provisioned_at: 'fields.provisioned_at',
    deleted_at: 'fields.deleted_at',
  },
  quizzes: {
    id: null,
    name: 'fields.name',
    campaign_id: 'fields.campaign_id',
    language: 'fields.language',
    validated_at: 'fields.validated_at',
    published_at: 'fields.published_at',
    published_version: 'fields.published_version',
    deleted_at: 'fields.deleted_at',
  },
  quiz_questions: { id: null, quiz_id: null, question_id: 'fields.question_id' },
  quiz_answers: {
    id: null,
    quiz_id: null,
    quiz_question_id: 'fields.quiz_question_id',
    answer_id: 'fields.answer_id',
    description: 'fields.description',
    is_final: 'fields.is_final',
    next_question_id: 'fields.next_question_id',
    position: 'fields.position',
  },
  quiz_fragrance_options: {
    id: null,
    quiz_id: null,
    quiz_answer_id: 'fields.quiz_answer_id',
    fragrance_id: 'fields.fragrance_id',
  },
  initiatives: {
    id: null,
    title: 'fields.title',
    description: 'fields.description',
    organization_id: 'fields.organization_id',
    campaign_id: 'fields.campaign_id',
    starts_on: 'fields.starts_on',
    ends_on: 'fields.ends_on',
    status: 'fields.initiative_status',
    proposed_by: 'fields.proposed_by',
    deleted_at: 'fields.deleted_at',
  },
  initiative_locations: { initiative_id: null, location_id: 'fields.location_id' },
};

/**
 * The notes a call writes in the trail for what changes no row (`audit_note`): a person's whole record
 * read, the trail exported with its filters. Paging and sorting say nothing of what was read.
 */
const NOTE_LABELS: Readonly<Record<string, Readonly<Record<string, string | null>>>> = {
  personal_data: { read: 'fields.notes.read' },
  // A user opened (the action says it; `read` is `record`), or the users spreadsheet with its filter.
  user_reads: {
    read: null,
    search: 'fields.notes.search',
    FilterString: 'fields.notes.FilterString',
    isActive: 'fields.notes.isActive',
    count: 'fields.notes.count',
  },
  // A device's reset code shown: until when it was current (the code itself is never recorded).
  device_reset_codes: { valid_until: 'fields.notes.resetCodeValidUntil' },
  audit_events: {
    read: 'fields.notes.read',
    recordType: 'fields.notes.recordType',
    recordId: 'fields.notes.recordId',
    actorId: 'fields.notes.actorId',
    from: 'fields.notes.from',
    to: 'fields.notes.to',
    search: 'fields.notes.search',
    page: null,
    perPage: null,
    orderBy: null,
    orderByDirection: null,
  },
};

/** Columns whose values are codes: the `audit` namespace names each under `values.<kind>.<code>`. */
export const CODED_VALUES: Readonly<Record<string, { kind: string; codes: readonly string[] }>> = {
  'temporary_requests.kind': { kind: 'requestKind', codes: TEMPORARY_REQUEST_KINDS },
  'campaign_qr_prints.kind': { kind: 'qrKind', codes: qrPrintBodySchema.shape.kind.options },
  'users.genre': { kind: 'genre', codes: GENRES },
  'organization_members.role': { kind: 'memberRole', codes: MEMBER_ROLES },
};

/** The label key of a column, `null` when the history leaves it out, undefined when the table is unknown. */
export function fieldLabelKey(table: string, field: string): string | null | undefined {
  const labels =
    (FIELD_LABELS as Record<string, Record<string, string | null> | undefined>)[table] ?? NOTE_LABELS[table];
  if (!labels || !Object.hasOwn(labels, field)) return undefined;
  return labels[field] ?? null;
}
