import type { InitiativeDetail, InitiativeRow } from '@scentia/shared/initiatives.schemas';
import type { AccessScope } from '../../lib/access-scope.ts';
import { STAFF_NAME_FOR_MEMBERS } from '../../lib/access-scope.ts';
import { kitRow } from '../../lib/resource-kit/kit-row.ts';
import { actorFor, visibleLocations } from './initiative-scope.ts';
import type { InitiativeRecord, InitiativesRepository } from './initiatives.repository.ts';

const isClientOf = (record: InitiativeRecord) =>
  record.proposerOrganizationId !== null && record.proposerOrganizationId === record.organizationId;

/** The answer for one initiative, as the scope may see it (a member: staff as "Scentia", their locations). */
export function toInitiativeRow(record: InitiativeRecord, scope: AccessScope): InitiativeRow {
  const isClient = isClientOf(record);
  const proposer = actorFor(
    scope,
    record.proposedBy === null ? null : { id: record.proposedBy, name: record.proposerName ?? '' },
    isClient,
  );
  return {
    initiativeId: record.id,
    title: record.title,
    description: record.description,
    organizationId: record.organizationId,
    organization: {
      name: record.organizationName,
      ativo: record.organizationDeletedAt === null,
      contactEmail: record.organizationContactEmail,
    },
    locations: visibleLocations(scope, record.locations),
    campaignId: record.campaignId,
    campaign: { name: record.campaignName, ativo: record.campaignDeletedAt === null },
    startsOn: record.startsOn,
    endsOn: record.endsOn,
    status: record.status,
    proposer:
      proposer === null
        ? null
        : { ...proposer, email: scope.kind === 'staff' ? record.proposerEmail : null, isClient },
    ...kitRow(record),
  };
}

/** A spreadsheet's record as the scope may see it: the same masks as the row's. */
export function toExportRecord(record: InitiativeRecord, scope: AccessScope): InitiativeRecord {
  if (scope.kind === 'staff') return record;
  return {
    ...record,
    proposerName: isClientOf(record) ? record.proposerName : STAFF_NAME_FOR_MEMBERS,
    proposerEmail: null,
    locations: visibleLocations(scope, record.locations),
  };
}

/** The status history and the mails of an initiative, their people as the scope may see them. */
export async function historyAndMails(
  repository: InitiativesRepository,
  record: InitiativeRecord,
  scope: AccessScope,
): Promise<Pick<InitiativeDetail, 'history' | 'mails'>> {
  const [history, mails] = await Promise.all([repository.history(record.id), repository.mails(record.id)]);
  const isOwnMember = (organizationId: number | null) => organizationId === record.organizationId;
  return {
    history: history.map((change) => ({
      from: change.fromStatus,
      to: change.toStatus,
      note: change.note,
      changedBy: actorFor(
        scope,
        change.changedBy === null ? null : { id: change.changedBy, name: change.changedByName ?? '' },
        isOwnMember(change.changedByOrganizationId),
      ),
      changedAt: change.changedAt.toISOString(),
    })),
    mails: mails.map((mail) => ({
      mailId: mail.id,
      recipient: mail.recipient,
      subject: mail.subject,
      html: mail.html,
      language: mail.language,
      sentBy: actorFor(
        scope,
        mail.sentBy === null ? null : { id: mail.sentBy, name: mail.sentByName ?? '' },
        isOwnMember(mail.sentByOrganizationId),
      ),
      createdAt: mail.createdAt.toISOString(),
    })),
  };
}
