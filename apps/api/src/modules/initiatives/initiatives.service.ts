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
  type InitiativeListQuery,
  type InitiativeRow,
} from '@scentia/shared/initiatives.schemas';
import type { Page } from '@scentia/shared/list.schemas';
import type { Language } from '@scentia/shared/locales';
import { zoneClockAt } from '@scentia/shared/zone-clock';
import { and } from 'drizzle-orm';
import type { AccessScope } from '../../lib/access-scope.ts';
import type { Account } from '../../lib/account.ts';
import { AppError, invalidFields } from '../../lib/app-error.ts';
import { toPage } from '../../lib/list-query.ts';
import { isRichTextEmpty, sanitizeRichText } from '../../lib/rich-text.ts';
import { InitiativeLookups } from './initiative-lookups.ts';
import { renderChangesMail } from './initiative-mail.ts';
import { initiativeNotifier, type Mailer } from './initiative-notifier.ts';
import { historyAndMails, toExportRecord, toInitiativeRow } from './initiative-rows.ts';
import { coversEveryLocation, initiativeScopeCondition, isInitiativeInScope } from './initiative-scope.ts';
import {
  type InitiativeRecord,
  type InitiativesRepository,
  initiativesList,
  type LockedInitiative,
} from './initiatives.repository.ts';

/** The review actions (all but `edit`), each a route of its own. */
export type ReviewAction = Exclude<InitiativeAction, 'edit' | 'requestChanges'>;

const DAY_MS = 86_400_000;
const STAFF: AccessScope = { kind: 'staff' };

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

/**
 * Initiatives (issues 27 and 39; packages/shared initiatives.rules.ts): staff and an organisation's
 * Managers propose and edit, admins review, and the proposing client is told by mail. Every read and
 * write of a member is narrowed to their scope: another organisation's initiative is a 404, as an
 * unknown id. Every change of status runs in a transaction holding the initiative's row, so two reviews
 * of one initiative run one after the other and the second sees the first's status; an approval also
 * holds its locations' rows (in id order) while it looks for a clash, so of two approvals that would
 * clash exactly one commits.
 */
export function createInitiativesService(deps: {
  repository: InitiativesRepository;
  outbox: Mailer;
  /** Where the reviewers' mail links: `${appUrl}/admin/initiatives/{id}/update`. */
  appUrl: string;
  now?: () => Date;
}) {
  const { repository, outbox } = deps;
  const { tellProposer, tellReviewer, tellReviewers } = initiativeNotifier(outbox, deps.appUrl);
  const now = deps.now ?? (() => new Date());
  const reader = repository.reader;

  /** The list's plan narrowed to the scope (a filtered count, never the table's cached one). */
  function scopedPlan(query: InitiativeListQuery, scope: AccessScope) {
    const plan = initiativesList.plan(query);
    return { ...plan, filter: and(plan.filter, initiativeScopeCondition(scope)) };
  }

  /** The record, or a 404 when it is unknown or outside the scope (the same answer). */
  async function getRecord(id: number, scope: AccessScope): Promise<InitiativeRecord> {
    const record = await reader.findById(id);
    const locationIds = record?.locations.map((location) => location.locationId) ?? [];
    if (!record || !isInitiativeInScope(scope, { organizationId: record.organizationId, locationIds })) {
      throw new AppError(ErrorCode.NOT_FOUND);
    }
    return record;
  }

  /**
   * The organisation, the campaign and the locations a save refers to, held until it commits. A
   * member's save names their organisation and their locations only; any other is refused as an
   * unknown one would be.
   */
  async function checkReferences(tx: InitiativesRepository, body: InitiativeBody, scope: AccessScope) {
    const isOwnOrganization = scope.kind === 'staff' || scope.organizationId === body.organizationId;
    if (!isOwnOrganization || !(await tx.lockOrganization(body.organizationId))) {
      throw invalidFields({ path: 'organizationId', key: 'field.organizationInactive' });
    }
    if (!(await tx.lockCampaign(body.campaignId))) {
      throw invalidFields({ path: 'campaignId', key: 'field.campaignInactive' });
    }
    const found = await tx.lockLocationsOf(body.organizationId, body.locationIds);
    const problems = body.locationIds.flatMap((id, index) =>
      found.has(id) && coversEveryLocation(scope, [id])
        ? []
        : [{ path: `locationIds.${index}`, key: 'field.locationNotInOrganization' as const }],
    );
    if (problems.length > 0) throw invalidFields(...problems);
  }

  /** The initiative locked for a change, or a 404; `action` refused by the rule is its 409. */
  async function lockFor(
    tx: InitiativesRepository,
    id: number,
    action: InitiativeAction,
    scope: AccessScope = { kind: 'staff' },
  ) {
    const initiative = await tx.lockInitiative(id);
    if (!initiative) throw new AppError(ErrorCode.NOT_FOUND);
    if (scope.kind === 'member') {
      const locationIds = await tx.locationIdsOf(id);
      if (!isInitiativeInScope(scope, { organizationId: initiative.organizationId, locationIds })) {
        throw new AppError(ErrorCode.NOT_FOUND);
      }
      // A location-limited Manager sees only their locations of it: an edit would drop the others.
      if (!coversEveryLocation(scope, locationIds)) throw new AppError(ErrorCode.FORBIDDEN);
    }
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
    /** The page of initiatives the scope reaches (the calendar reads the same). */
    async list(query: InitiativeListQuery, scope: AccessScope): Promise<Page<InitiativeRow>> {
      const plan = scopedPlan(query, scope);
      const { records, total } = await reader.list(plan);
      return toPage(
        records.map((record) => toInitiativeRow(record, scope)),
        total,
        plan.perPage,
      );
    },

    /** Planned before the download starts, so a bad `orderBy` is still a 400, not a cut-off file. */
    exportBatches(query: InitiativeListQuery, scope: AccessScope): AsyncIterable<InitiativeRecord[]> {
      const batches = reader.batches(scopedPlan(query, scope));
      return (async function* masked() {
        for await (const batch of batches) yield batch.map((record) => toExportRecord(record, scope));
      })();
    },

    /** The row with its status history and its mails. */
    async detail(id: number, scope: AccessScope): Promise<InitiativeDetail> {
      const record = await getRecord(id, scope);
      return { ...toInitiativeRow(record, scope), ...(await historyAndMails(repository, record, scope)) };
    },

    /**
     * Proposed by the caller, in review: staff for any organisation, a Manager for their own sites
     * (whose proposal is told to the reviewers by mail).
     */
    async create(actor: Account, scope: AccessScope, body: InitiativeBody): Promise<InitiativeRow> {
      let toldReviewers = false;
      const id = await repository.transaction(async (tx) => {
        await checkReferences(tx, body, scope);
        const created = await tx.insert({ ...valuesOf(body), proposedBy: actor.id });
        await tx.replaceLocations(created, body.locationIds);
        await tx.addStatusChange({
          initiativeId: created,
          fromStatus: null,
          toStatus: 'inReview',
          note: null,
          changedBy: actor.id,
        });
        if (scope.kind === 'member') toldReviewers = await tellReviewers(tx, { id: created, ...body });
        return created;
      });
      if (toldReviewers) outbox.nudge();
      return toInitiativeRow(await getRecord(id, scope), scope);
    },

    /**
     * In review, or needing changes (which sends it back to review; when a client made the change, the
     * reviewer who asked for it is told by mail).
     */
    async update(
      actor: Account,
      scope: AccessScope,
      id: number,
      body: InitiativeBody,
    ): Promise<InitiativeRow> {
      let toldReviewer = false;
      await repository.transaction(async (tx) => {
        const initiative = await lockFor(tx, id, 'edit', scope);
        // The references first: an unknown organisation or campaign is the caller's 4xx, never the
        // foreign key's error from the write. Then the write, refused when based on an older version.
        await checkReferences(tx, body, scope);
        if (!(await tx.update(id, valuesOf(body), body.updatedAt))) {
          throw new AppError(ErrorCode.STALE_RECORD);
        }
        await tx.replaceLocations(id, body.locationIds);
        if (initiative.status !== 'changesRequested') return;
        await changeStatus(tx, initiative, 'edit', actor, null);
        if (scope.kind === 'member') toldReviewer = await tellReviewer(tx, initiative, body.title);
      });
      if (toldReviewer) outbox.nudge();
      return toInitiativeRow(await getRecord(id, scope), scope);
    },

    /** Approve, reject, deactivate or reopen, with the reviewer's note in the history. */
    async review(
      actor: Account,
      id: number,
      action: ReviewAction,
      note: string | null,
    ): Promise<InitiativeRow> {
      let toldProposer = false;
      await repository.transaction(async (tx) => {
        const initiative = await lockFor(tx, id, action);
        if (action === 'approve') await assertNoClash(tx, initiative);
        const statusChangeId = await changeStatus(tx, initiative, action, actor, note);
        if (action === 'approve' || action === 'reject') {
          const decision = action === 'approve' ? 'approved' : 'rejected';
          toldProposer = await tellProposer(tx, initiative, decision, statusChangeId, actor, note);
        }
      });
      if (toldProposer) outbox.nudge();
      return toInitiativeRow(await getRecord(id, STAFF), STAFF);
    },

    /**
     * Asks for changes with a mail to `request.email` (the screens offer the proposing client's
     * address, else the organisation's contact): the body sanitised, queued through the outbox in the
     * request's language and recorded on the initiative, all in the status change's transaction. A
     * retried request finds the status changed and is refused (409): the mail is queued once.
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
      return toInitiativeRow(await getRecord(id, STAFF), STAFF);
    },

    /**
     * The dashboard's pie: initiatives the scope reaches whose dates overlap the period, per status by
     * the spec's name, every status listed (0 too) so the chart's legend and colours stay put.
     */
    async chart(query: DashboardQuery, scope: AccessScope): Promise<InitiativeChartItem[]> {
      const today = zoneClockAt(query.timeZone, now()).date;
      const to = query.to ?? (query.from ? shiftDay(query.from, DASHBOARD_DEFAULT_DAYS - 1) : today);
      const from = query.from ?? shiftDay(to, 1 - DASHBOARD_DEFAULT_DAYS);
      const counts = await repository.countByStatus({
        from,
        to,
        organizationId: query.organizationId,
        locationId: query.locationId,
        scope: initiativeScopeCondition(scope),
      });
      return INITIATIVE_STATUSES.map((status) => ({
        status: INITIATIVE_STATUS_NAMES[status],
        totalIniciativas: counts.get(status) ?? 0,
      }));
    },

    /** The active campaigns a proposal may ask for. */
    campaignOptions: (text: string) => new InitiativeLookups(repository.db).campaignOptions(text),

    /** The active locations a proposal may name, within the scope. */
    locationOptions: (scope: AccessScope, text: string, organizationId?: number) =>
      new InitiativeLookups(repository.db).locationOptions(scope, text, organizationId),
  };
}

export type InitiativesService = ReturnType<typeof createInitiativesService>;
