import type { AuditEvent } from '@scentia/shared/audit.schemas';
import type { TFunction } from 'i18next';
import { PATHS } from '../../lib/paths.ts';

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
  | 'retention'
  | 'database'
  | 'demoData'
  | 'madeDefault'
  | 'qrPrinted'
  | 'personalDataRead'
  | 'auditExported'
  | 'changed';

/**
 * The operationIds (and job names) the trail records, by what they did. A delete route either
 * deactivates or deletes for good; `actionKind` tells them apart by the changes.
 */
const ACTION_KINDS: Readonly<Record<string, ActionKind>> = {
  postCategories: 'created',
  putCategoriesById: 'updated',
  deleteCategoriesById: 'deactivated',
  putCategoriesActivateById: 'activated',
  postFragrances: 'created',
  putFragrancesById: 'updated',
  deleteFragrancesById: 'deactivated',
  putFragrancesActivateById: 'activated',
  postUsuario: 'created',
  putUsuarioById: 'updated',
  deleteUsuarioById: 'deactivated',
  postUsuarioCadastro: 'signedUp',
  postUsuarioRecuperarSenha: 'recoveryRequested',
  postRequisicaotemporaria: 'passwordSet',
  putUsuarioUpdatePassword: 'passwordChanged',
  putUsuarioResendMailById: 'mailResent',
  postUsuarioAnonymiseById: 'anonymised',
  postCampaigns: 'created',
  putCampaignsById: 'updated',
  deleteCampaignsById: 'deactivated',
  putCampaignsActivateById: 'activated',
  putCampaignsDefault: 'madeDefault',
  postCampaignsQrPrintsById: 'qrPrinted',
  getUsuarioPersonalDataById: 'personalDataRead',
  getUsuarioPersonalDataByIdExport: 'personalDataRead',
  getAuditExport: 'auditExported',
  retention: 'retention',
  database: 'database',
  'demo-data': 'demoData',
};

/** The table holding a record of each type: its row is the record itself, the others its parts. */
const MAIN_TABLES: Readonly<Record<string, string>> = {
  user: 'users',
  profile: 'profiles',
  category: 'categories',
  fragrance: 'fragrances',
  campaign: 'campaigns',
};

function mainChange(event: AuditEvent) {
  const table = MAIN_TABLES[event.record.type];
  return event.changes.find((change) => change.table === table);
}

export function actionKind(event: AuditEvent): ActionKind {
  const kind = ACTION_KINDS[event.action] ?? 'changed';
  if (kind === 'deactivated' && mainChange(event)?.kind === 'deleted') return 'deleted';
  return kind;
}

/** The record's name when the event carries it (a creation, a rename, a deletion), else undefined. */
function recordName(event: AuditEvent): string | undefined {
  const name = mainChange(event)?.fields.find((field) => field.field === 'name');
  const value = name?.after ?? name?.before;
  return typeof value === 'string' && value ? value : undefined;
}

/** "Category Woody (#12)", or "Category #12" when the event does not carry the name. */
export function recordLabel(event: AuditEvent, t: TFunction<'audit'>): string {
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
  switch (type) {
    case 'category':
      return PATHS.admin.categories.update(id);
    case 'fragrance':
      return PATHS.admin.fragrances.update(id);
    case 'user':
      return PATHS.admin.users.update(id);
    case 'profile':
      return PATHS.admin.profiles;
    case 'campaign':
      return PATHS.admin.campaigns.update(id);
    default:
      return undefined;
  }
}

/** Who made the change: the account's name, "anonymous" for a signed-out call, "system" for jobs. */
export function actorLabel(event: AuditEvent, t: TFunction<'audit'>): string {
  if (event.actor) return event.actor.name;
  // A job, the demonstration loader or a change made in the database directly has no request, so no
  // address either; an anonymous call (a sign-up, a recovery link) has one.
  const isSystem = event.ip === null;
  return isSystem ? t('actor.system') : t('actor.anonymous');
}
