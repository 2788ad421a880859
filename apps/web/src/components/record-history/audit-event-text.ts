import {
  AUDIT_RECORD_TYPES,
  type AuditEvent,
  type AuditRecordType,
  isAuditRecordType,
  kitOperationIds,
  RECORD_PATHS,
} from '@scentia/shared/audit.schemas';
import { AUDIT_MAIN_TABLES, type AuditHistoryEvent, referenceKey } from '@scentia/shared/audit-fields';
import type { TFunction } from 'i18next';
import { PATHS } from '../../lib/paths.ts';
import { composedAction } from './audit-action-origin.ts';

/** What a call did, as the `audit` namespace names it (`actions.<kind>`). */
export type ActionKind =
  | 'created'
  | 'updated'
  | 'deactivated'
  | 'deleted'
  | 'activated'
  | 'signedUp'
  | 'recoveryRequested'
  | 'passwordSet'
  | 'passwordChanged'
  | 'mailResent'
  | 'anonymised'
  | 'contactErased'
  | 'retention'
  | 'database'
  | 'demoData'
  | 'madeDefault'
  | 'qrPrinted'
  | 'personalDataRead'
  | 'auditExported'
  | 'recordOpened'
  | 'usersExported'
  | 'resetCodeShown'
  | 'userDisconnected'
  | 'reprovisionAllowed'
  | 'scheduleChanged'
  | 'scheduleCopied'
  | 'moved'
  | 'changed';

type KitActionKind = keyof ReturnType<typeof kitOperationIds>;

/**
 * What the kit's routes do, by their operationIds: each kind with a collection path has create,
 * update, delete (or deactivate) and activate there. A delete route either deactivates or deletes for
 * good; `actionKind` tells them apart by the changes.
 */
const KIT_ACTION_KINDS: Readonly<Record<string, ActionKind>> = Object.fromEntries(
  AUDIT_RECORD_TYPES.flatMap((type) => {
    const path = RECORD_PATHS[type];
    // Typed so that a kit operation whose kind has no `actions.<kind>` text fails the type check.
    const operations = (path ? Object.entries(kitOperationIds(path)) : []) as [KitActionKind, string][];
    return operations.map(([kind, operationId]): [string, ActionKind] => [operationId, kind]);
  }),
);

/** The other operationIds (and job names) the trail records, by what they did. */
const ACTION_KINDS: Readonly<Record<string, ActionKind>> = {
  ...KIT_ACTION_KINDS,
  postUsuarioCadastro: 'signedUp',
  postUsuarioRecuperarSenha: 'recoveryRequested',
  postRequisicaotemporaria: 'passwordSet',
  putUsuarioUpdatePassword: 'passwordChanged',
  putUsuarioResendMailById: 'mailResent',
  postUsuarioAnonymiseById: 'anonymised',
  postOrganizationsContactErasureById: 'contactErased',
  putCampaignsDefault: 'madeDefault',
  postCampaignsQrPrintsById: 'qrPrinted',
  getUsuarioPersonalDataById: 'personalDataRead',
  getUsuarioPersonalDataByIdExport: 'personalDataRead',
  getAuditExport: 'auditExported',
  getUsuarioById: 'recordOpened',
  getExport: 'usersExported',
  postDevicesResetCodeById: 'resetCodeShown',
  putDevicesRemoveUserById: 'userDisconnected',
  putRemoveUserById: 'userDisconnected',
  putDevicesReprovisionById: 'reprovisionAllowed',
  putDevicesScheduleById: 'scheduleChanged',
  putLocationsScheduleById: 'scheduleChanged',
  postLocationsScheduleCopy: 'scheduleCopied',
  retention: 'retention',
  database: 'database',
  'demo-data': 'demoData',
};

/** Where a record of each kind is edited (profiles share one page; the trail's export has none). */
const RECORD_PAGES: Readonly<Record<AuditRecordType, ((id: string) => string) | null>> = {
  user: PATHS.admin.users.update,
  profile: () => PATHS.admin.profiles,
  category: PATHS.admin.categories.update,
  fragrance: PATHS.admin.fragrances.update,
  campaign: PATHS.admin.campaigns.update,
  organization: PATHS.admin.organizations.update,
  location: PATHS.admin.locations.update,
  quiz: PATHS.admin.quiz.update,
  device: PATHS.admin.devices.update,
  initiative: PATHS.admin.initiatives.update,
  audit: null,
};

function mainChange(event: AuditEvent | AuditHistoryEvent) {
  const { type } = event.record;
  const table = isAuditRecordType(type) ? AUDIT_MAIN_TABLES[type] : undefined;
  return event.changes.find((change) => change.table === table);
}

export function actionKind(event: AuditEvent | AuditHistoryEvent): ActionKind {
  const composed = composedOf(event);
  if (composed) return composed.kind;
  const kind = ACTION_KINDS[event.action] ?? 'changed';
  if (kind === 'deactivated' && mainChange(event)?.kind === 'deleted') return 'deleted';
  return kind;
}

const composedOf = (event: AuditEvent | AuditHistoryEvent) =>
  composedAction(event.action, event.record.type, mainChange(event)?.kind === 'created');

/**
 * The action's label: "Deactivated", or for a bulk action or an import the same verb with its origin,
 * "Deactivated (bulk action)", "Created (spreadsheet import)".
 */
export function actionLabel(event: AuditEvent | AuditHistoryEvent, t: TFunction<'audit'>): string {
  const composed = composedOf(event);
  const action = t(`actions.${actionKind(event)}`);
  if (!composed) return action;
  return composed.origin === 'bulk' ? t('origin.bulk', { action }) : t('origin.import', { action });
}

/**
 * The record's name: the one the event carries (a creation, a rename, a deletion), else its current
 * name as the API answered it beside the event (`names`), else undefined.
 */
function recordName(event: AuditEvent | AuditHistoryEvent): string | undefined {
  const name = mainChange(event)?.fields.find((field) => field.field === 'name');
  const value = name?.after ?? name?.before;
  if (typeof value === 'string' && value) return value;
  return 'names' in event ? event.names[referenceKey(event.record.type, event.record.id)] : undefined;
}

/** "Category Woody (#12)", or "Category #12" when neither the event nor the API names it. */
export function recordLabel(event: AuditEvent | AuditHistoryEvent, t: TFunction<'audit'>): string {
  const type = t(`recordTypes.${event.record.type}`, { defaultValue: event.record.type });
  const name = recordName(event);
  return name
    ? t('record.named', { type, name, id: event.record.id })
    : t('record.unnamed', { type, id: event.record.id });
}

/** Where the record is edited; undefined when it no longer exists or has no page of its own. */
export function recordPath(event: AuditEvent): string | undefined {
  if (actionKind(event) === 'deleted') return undefined;
  const { type, id } = event.record;
  // A list's export is recorded under its kind with the id `export`: no one record, no page.
  if (!/^\d+$/.test(id)) return undefined;
  return isAuditRecordType(type) ? (RECORD_PAGES[type]?.(id) ?? undefined) : undefined;
}

/** Who made the change: the account's name, "anonymous" for a signed-out call, "system" for jobs. */
export function actorLabel(event: AuditEvent, t: TFunction<'audit'>): string {
  if (event.actor) return event.actor.name;
  // A job, the demonstration loader or a change made in the database directly has no request, so no
  // address either; an anonymous call (a sign-up, a recovery link) has one.
  const isSystem = event.ip === null;
  return isSystem ? t('actor.system') : t('actor.anonymous');
}
