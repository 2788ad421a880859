import { DASHBOARD_DEFAULT_DAYS, type DashboardQuery } from '@scentia/shared/dashboard.schemas';
import { ErrorCode } from '@scentia/shared/error-codes';
import {
  INITIATIVE_ACTION_TARGETS,
  INITIATIVE_STATUSES,
  type InitiativeAction,
  initiativeActionRefusal,
} from '@scentia/shared/initiatives.rules';
import {
  INITIATIVE_STATUS_NAMES,
  type InitiativeBody,
  type InitiativeChangesRequest,
  type InitiativeChartItem,
  type InitiativeDetail,
  type InitiativeRow,
} from '@scentia/shared/initiatives.schemas';
import type { Language } from '@scentia/shared/locales';
import { zoneClockAt } from '@scentia/shared/zone-clock';
import type { Database } from '../../db/client.ts';
import type { Account } from '../../lib/account.ts';
import { AppError, invalidFields } from '../../lib/app-error.ts';
import type { OutgoingMail } from '../../lib/mail/mail-outbox.ts';
import { recordReads } from '../../lib/resource-kit/record-reads.ts';
import { isRichTextEmpty, sanitizeRichText } from '../../lib/rich-text.ts';
import { renderChangesMail } from './initiative-mail.ts';
import {
  type InitiativeRecord,
  type InitiativesRepository,
  initiativesList,
  type LockedInitiative,
} from './initiatives.repository.ts';

/** The review actions (all but `edit`), each a route of its own. */
export type ReviewAction = Exclude<InitiativeAction, 'edit' | 'requestChanges'>;

const DAY_MS = 86_400_000;

function toInitiativeRow(record: InitiativeRecord): InitiativeRow {
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
    locations: record.locations,
    campaignId: record.campaignId,
    campaign: { name: record.campaignName, ativo: record.campaignDeletedAt === null },
    startsOn: record.startsOn,
    endsOn: record.endsOn,
    status: record.status,
    proposer: record.proposedBy === null ? null : { id: record.proposedBy, name: record.proposerName ?? '' },
    ativo: record.deletedAt === null,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
    deletedAt: record.deletedAt?.toISOString() ?? null,
  };
}

const valuesOf = (body: InitiativeBody) => ({
  title: body.title,
  description: body.description,
  organizationId: body.organizationId,
  campaignId: body.campaignId,
  startsOn: body.startsOn,
  endsOn: body.endsOn,
});

const shiftDay = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

type Mailer = {
  enqueue(db: Database, mail: OutgoingMail): Promise<number>;
  nudge(): void;
};

/**
 * Initiatives (issue 27; packages/shared initiatives.rules.ts): staff propose and edit, admins review.
 * Every change of status runs in a transaction holding the initiative's row, so two reviews of one
 * initiative run one after the other and the second sees the first's status; an approval also holds
 * its locations' rows (in id order) while it looks for a clash, so of two approvals that would clash
 * exactly one commits.
 */
export function createInitiativesService(deps: {
  repository: InitiativesRepository;
  outbox: Mailer;
  now?: () => Date;
}) {
  const { repository, outbox } = deps;
  const now = deps.now ?? (() => new Date());
  const reads = recordReads({ list: initiativesList, reader: repository.reader, toRow: toInitiativeRow });
  const { getRecord } = reads;

  /** The organisation, the campaign and the locations a save refers to, held until it commits. */
  async function checkReferences(tx: InitiativesRepository, body: InitiativeBody) {
    if (!(await tx.lockOrganization(body.organizationId))) {
      throw invalidFields({ path: 'organizationId', key: 'field.organizationInactive' });
    }
    if (!(await tx.lockCampaign(body.campaignId))) {
      throw invalidFields({ path: 'campaignId', key: 'field.campaignInactive' });
    }
    const found = await tx.lockLocationsOf(body.organizationId, body.locationIds);
    const problems = body.locationIds.flatMap((id, index) =>
      found.has(id)
        ? []
        : [{ path: `locationIds.${index}`, key: 'field.locationNotInOrganization' as const }],
    );
    if (problems.length > 0) throw invalidFields(...problems);
  }

  /** The initiative locked for a change, or a 404; `action` refused by the rule is its 409. */
  async function lockFor(tx: InitiativesRepository, id: number, action: InitiativeAction) {
    const initiative = await tx.lockInitiative(id);
    if (!initiative) throw new AppError(ErrorCode.NOT_FOUND);
    const refusal = initiativeActionRefusal(initiative.status, action);
    if (refusal) throw new AppError(refusal);
    return initiative;
  }

  /** Refuses an approval that would put another campaign on one of its locations on a shared day. */
  async function assertNoClash(tx: InitiativesRepository, initiative: LockedInitiative) {
    const locationIds = await tx.locationIdsOf(initiative.id);
    await tx.lockLocationsForApproval(locationIds);
    const clash = await tx.findClash(initiative, locationIds);
    if (clash) {
      throw new AppError(ErrorCode.INITIATIVE_OVERLAP, {
        params: { title: clash.title, location: clash.locationName },
      });
    }
    if (!(await tx.lockCampaign(initiative.campaignId))) throw new AppError(ErrorCode.CAMPAIGN_INACTIVE);
  }

  async function changeStatus(
    tx: InitiativesRepository,
    initiative: LockedInitiative,
    action: InitiativeAction,
    actor: Account,
    note: string | null,
  ): Promise<number> {
    const to = INITIATIVE_ACTION_TARGETS[action];
    await tx.setStatus(initiative.id, to, now());
    return tx.addStatusChange({
      initiativeId: initiative.id,
      fromStatus: initiative.status,
      toStatus: to,
      note,
      changedBy: actor.id,
    });
  }

  return {
    list: reads.list,
    exportBatches: reads.exportBatches,
    get: reads.get,

    /** The row with its status history and its mails. */
    async detail(id: number): Promise<InitiativeDetail> {
      const row = toInitiativeRow(await getRecord(id));
      const [history, mails] = await Promise.all([repository.history(id), repository.mails(id)]);
      return {
        ...row,
        history: history.map((change) => ({
          from: change.fromStatus,
          to: change.toStatus,
          note: change.note,
          changedBy:
            change.changedBy === null ? null : { id: change.changedBy, name: change.changedByName ?? '' },
          changedAt: change.changedAt.toISOString(),
        })),
        mails: mails.map((mail) => ({
          mailId: mail.id,
          recipient: mail.recipient,
          subject: mail.subject,
          html: mail.html,
          language: mail.language,
          sentBy: mail.sentBy === null ? null : { id: mail.sentBy, name: mail.sentByName ?? '' },
          createdAt: mail.createdAt.toISOString(),
        })),
      };
    },

    /** Proposed by the caller, in review. */
    async create(actor: Account, body: InitiativeBody): Promise<InitiativeRow> {
      const id = await repository.transaction(async (tx) => {
        await checkReferences(tx, body);
        const created = await tx.insert({ ...valuesOf(body), proposedBy: actor.id });
        await tx.replaceLocations(created, body.locationIds);
        await tx.addStatusChange({
          initiativeId: created,
          fromStatus: null,
          toStatus: 'inReview',
          note: null,
          changedBy: actor.id,
        });
        return created;
      });
      return toInitiativeRow(await getRecord(id));
    },

    /** In review, or needing changes (which sends it back to review). */
    async update(actor: Account, id: number, body: InitiativeBody): Promise<InitiativeRow> {
      await repository.transaction(async (tx) => {
        const initiative = await lockFor(tx, id, 'edit');
        // The references first: an unknown organisation or campaign is the caller's 4xx, never the
        // foreign key's error from the write. Then the write, refused when based on an older version.
        await checkReferences(tx, body);
        if (!(await tx.update(id, valuesOf(body), body.updatedAt))) {
          throw new AppError(ErrorCode.STALE_RECORD);
        }
        await tx.replaceLocations(id, body.locationIds);
        if (initiative.status === 'changesRequested') await changeStatus(tx, initiative, 'edit', actor, null);
      });
      return toInitiativeRow(await getRecord(id));
    },

    /** Approve, reject, deactivate or reopen, with the reviewer's note in the history. */
    async review(
      actor: Account,
      id: number,
      action: ReviewAction,
      note: string | null,
    ): Promise<InitiativeRow> {
      await repository.transaction(async (tx) => {
        const initiative = await lockFor(tx, id, action);
        if (action === 'approve') await assertNoClash(tx, initiative);
        await changeStatus(tx, initiative, action, actor, note);
      });
      return toInitiativeRow(await getRecord(id));
    },

    /**
     * Asks for changes with a mail to `request.email`: the body sanitised, queued through the outbox
     * in the recipient's language (organisations keep no contact language, so the request's) and
     * recorded on the initiative, all in the status change's transaction. A retried request finds the
     * status changed and is refused (409): the mail is queued once.
     */
    async requestChanges(
      actor: Account,
      id: number,
      request: InitiativeChangesRequest,
      language: Language,
    ): Promise<InitiativeRow> {
      const html = sanitizeRichText(request.html);
      if (isRichTextEmpty(html)) throw invalidFields({ path: 'html', key: 'field.required' });
      await repository.transaction(async (tx) => {
        const initiative = await lockFor(tx, id, 'requestChanges');
        const statusChangeId = await changeStatus(tx, initiative, 'requestChanges', actor, request.subject);
        const mail = renderChangesMail({ language, title: initiative.title, subject: request.subject, html });
        const outboxId = await outbox.enqueue(tx.db, {
          kind: 'initiative-changes',
          to: request.email,
          language,
          ...mail,
        });
        await tx.addMail({
          initiativeId: id,
          statusChangeId,
          outboxId,
          recipient: request.email,
          subject: request.subject,
          html,
          language,
          sentBy: actor.id,
        });
      });
      outbox.nudge();
      return toInitiativeRow(await getRecord(id));
    },

    /**
     * The dashboard's pie: initiatives whose dates overlap the period, per status by the spec's name,
     * every status listed (0 too) so the chart's legend and colours stay put.
     */
    async chart(query: DashboardQuery): Promise<InitiativeChartItem[]> {
      const today = zoneClockAt(query.timeZone, now()).date;
      const to = query.to ?? (query.from ? shiftDay(query.from, DASHBOARD_DEFAULT_DAYS - 1) : today);
      const from = query.from ?? shiftDay(to, 1 - DASHBOARD_DEFAULT_DAYS);
      const counts = await repository.countByStatus({
        from,
        to,
        organizationId: query.organizationId,
        locationId: query.locationId,
      });
      return INITIATIVE_STATUSES.map((status) => ({
        status: INITIATIVE_STATUS_NAMES[status],
        totalIniciativas: counts.get(status) ?? 0,
      }));
    },
  };
}

export type InitiativesService = ReturnType<typeof createInitiativesService>;
