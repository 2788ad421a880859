import type { InitiativeStatus } from '@scentia/shared/initiatives.rules';
import type { InitiativeListQuery } from '@scentia/shared/initiatives.schemas';
import { and, asc, eq, gte, inArray, isNull, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import {
  campaigns,
  initiativeLocations,
  initiativeMails,
  initiativeStatusChanges,
  initiatives,
  locations,
  organizationMembers,
  organizations,
  users,
} from '../../db/schema/index.ts';
import { KitRepository } from '../../lib/resource-kit/kit-repository.ts';
import {
  insertRecord,
  lockActive,
  replaceChildRows,
  updateRecord,
} from '../../lib/resource-kit/record-writes.ts';
import { resourceList } from '../../lib/resource-kit/resource-list.ts';

type InitiativeLocation = { locationId: number; name: string; timeZone: string };

/** A page's initiatives completed with their locations (one query a page), in name order. */
async function withLocations<Row extends { id: number }>(db: Database, rows: Row[]) {
  const ids = rows.map((row) => row.id);
  const found =
    ids.length === 0
      ? []
      : await db
          .select({
            initiativeId: initiativeLocations.initiativeId,
            locationId: locations.id,
            name: locations.name,
            timeZone: locations.timeZone,
          })
          .from(initiativeLocations)
          .innerJoin(locations, eq(locations.id, initiativeLocations.locationId))
          .where(inArray(initiativeLocations.initiativeId, ids))
          .orderBy(locations.name, locations.id);
  const byInitiative = new Map<number, InitiativeLocation[]>();
  for (const { initiativeId, ...location } of found) {
    byInitiative.set(initiativeId, [...(byInitiative.get(initiativeId) ?? []), location]);
  }
  return rows.map((row) => ({ ...row, locations: byInitiative.get(row.id) ?? [] }));
}

/** The list's own filters: status, organisation, location, and a period its dates overlap. */
function listFilter(query: InitiativeListQuery): SQL | undefined {
  return and(
    query.status === undefined ? undefined : eq(initiatives.status, query.status),
    query.organizationId === undefined ? undefined : eq(initiatives.organizationId, query.organizationId),
    query.locationId === undefined
      ? undefined
      : sql`exists (select 1 from ${initiativeLocations} where ${initiativeLocations.initiativeId} = ${initiatives.id} and ${initiativeLocations.locationId} = ${query.locationId})`,
    query.from === undefined ? undefined : gte(initiatives.endsOn, query.from),
    query.to === undefined ? undefined : lte(initiatives.startsOn, query.to),
  );
}

const columns = {
  id: initiatives.id,
  title: initiatives.title,
  description: initiatives.description,
  organizationId: initiatives.organizationId,
  organizationName: organizations.name,
  organizationDeletedAt: organizations.deletedAt,
  organizationContactEmail: organizations.contactEmail,
  campaignId: initiatives.campaignId,
  campaignName: campaigns.name,
  campaignDeletedAt: campaigns.deletedAt,
  startsOn: initiatives.startsOn,
  endsOn: initiatives.endsOn,
  status: sql<InitiativeStatus>`${initiatives.status}`,
  proposedBy: initiatives.proposedBy,
  proposerName: users.name,
  proposerEmail: users.email,
  proposerOrganizationId: organizationMembers.organizationId,
  createdAt: initiatives.createdAt,
  updatedAt: initiatives.updatedAt,
  deletedAt: initiatives.deletedAt,
};

type InitiativeColumns = {
  id: number;
  title: string;
  description: string | null;
  organizationId: number;
  organizationName: string;
  organizationDeletedAt: Date | null;
  organizationContactEmail: string | null;
  campaignId: number;
  campaignName: string;
  campaignDeletedAt: Date | null;
  startsOn: string;
  endsOn: string;
  status: InitiativeStatus;
  proposedBy: number | null;
  proposerName: string | null;
  proposerEmail: string | null;
  /** The organisation the proposer is a member of (a client); null for staff. */
  proposerOrganizationId: number | null;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
};
export type InitiativeRecord = InitiativeColumns & { locations: InitiativeLocation[] };

export const initiativesList = resourceList<typeof columns, InitiativeRecord, InitiativeListQuery>({
  table: initiatives,
  id: initiatives.id,
  deletedAt: initiatives.deletedAt,
  columns,
  joins: (query) =>
    query
      .innerJoin(organizations, eq(initiatives.organizationId, organizations.id))
      .innerJoin(campaigns, eq(initiatives.campaignId, campaigns.id))
      .leftJoin(users, eq(initiatives.proposedBy, users.id))
      .leftJoin(organizationMembers, eq(organizationMembers.userId, initiatives.proposedBy)),
  // Two inner joins on NOT NULL foreign keys and left joins on unique keys: one row each; the filters read
  // the initiatives table alone.
  joinsOnlyAddColumns: true,
  searchIn: [initiatives.searchText],
  filter: listFilter,
  sortable: {
    'Initiative.Id': initiatives.id,
    id: initiatives.id,
    'Initiative.Title': initiatives.title,
    title: initiatives.title,
    'Initiative.StartsOn': initiatives.startsOn,
    startsOn: initiatives.startsOn,
    dateInitial: initiatives.startsOn,
    'Initiative.EndsOn': initiatives.endsOn,
    endsOn: initiatives.endsOn,
    'Initiative.Status': initiatives.status,
    status: initiatives.status,
    'Initiative.CreatedAt': initiatives.createdAt,
    createdAt: initiatives.createdAt,
    'Initiative.UpdatedAt': initiatives.updatedAt,
    updatedAt: initiatives.updatedAt,
  },
  defaultSort: 'Initiative.CreatedAt',
  rowCounts: 'initiatives',
  details: (db, rows) => withLocations(db, rows as unknown as InitiativeColumns[]),
});

export type InitiativeValues = {
  title: string;
  description: string | null;
  organizationId: number;
  campaignId: number;
  startsOn: string;
  endsOn: string;
};

/** What a status change reads of the initiative it locked. */
export type LockedInitiative = InitiativeValues & {
  id: number;
  status: InitiativeStatus;
  proposedBy: number | null;
};

/** An approved initiative that would put another campaign on one of the same locations on the same days. */
export type Clash = { title: string; locationName: string };

export class InitiativesRepository extends KitRepository<
  InitiativeRecord,
  SelectedFields,
  typeof initiatives
> {
  constructor(db: Database) {
    super(db, { list: initiativesList, writes: { table: initiatives } });
  }

  /** True when the organisation is active, and it stays so until the transaction ends. */
  lockOrganization(id: number): Promise<boolean> {
    return lockActive(this.db, organizations, id);
  }

  /** True when the campaign is active, and it stays so until the transaction ends. */
  lockCampaign(id: number): Promise<boolean> {
    return lockActive(this.db, campaigns, id);
  }

  /** Which of `ids` are active locations of the organisation, kept so until the transaction ends. */
  async lockLocationsOf(organizationId: number, ids: number[]): Promise<Set<number>> {
    const rows = await this.db
      .select({ id: locations.id })
      .from(locations)
      .where(
        and(
          inArray(locations.id, ids),
          eq(locations.organizationId, organizationId),
          isNull(locations.deletedAt),
        ),
      )
      .orderBy(asc(locations.id))
      .for('share');
    return new Set(rows.map((row) => row.id));
  }

  /**
   * Serialises approvals touching any of these locations: their rows are locked in id order (so two
   * approvals wait for each other instead of deadlocking). FOR NO KEY UPDATE conflicts with itself and
   * with FOR SHARE, but not with the key share a new device row takes on its location.
   */
  async lockLocationsForApproval(ids: number[]): Promise<void> {
    await this.db
      .select({ id: locations.id })
      .from(locations)
      .where(inArray(locations.id, ids))
      .orderBy(asc(locations.id))
      .for('no key update');
  }

  /** The initiative's row, locked until the transaction ends (a status change reads it so). */
  async lockInitiative(id: number): Promise<LockedInitiative | undefined> {
    const [row] = await this.db
      .select({
        id: initiatives.id,
        title: initiatives.title,
        description: initiatives.description,
        organizationId: initiatives.organizationId,
        campaignId: initiatives.campaignId,
        startsOn: initiatives.startsOn,
        endsOn: initiatives.endsOn,
        status: sql<InitiativeStatus>`${initiatives.status}`,
        proposedBy: initiatives.proposedBy,
      })
      .from(initiatives)
      .where(eq(initiatives.id, id))
      .for('update');
    return row;
  }

  async locationIdsOf(id: number): Promise<number[]> {
    const rows = await this.db
      .select({ id: initiativeLocations.locationId })
      .from(initiativeLocations)
      .where(eq(initiativeLocations.initiativeId, id))
      .orderBy(asc(initiativeLocations.locationId));
    return rows.map((row) => row.id);
  }

  /**
   * The first approved initiative (other than `initiative`) playing another campaign at one of its
   * locations on a day of its dates, with that location's name; undefined when there is none.
   */
  async findClash(initiative: LockedInitiative, locationIds: number[]): Promise<Clash | undefined> {
    const [row] = await this.db
      .select({ title: initiatives.title, locationName: locations.name })
      .from(initiatives)
      .innerJoin(initiativeLocations, eq(initiativeLocations.initiativeId, initiatives.id))
      .innerJoin(locations, eq(locations.id, initiativeLocations.locationId))
      .where(
        and(
          eq(initiatives.status, 'approved'),
          ne(initiatives.id, initiative.id),
          ne(initiatives.campaignId, initiative.campaignId),
          inArray(initiativeLocations.locationId, locationIds),
          lte(initiatives.startsOn, initiative.endsOn),
          gte(initiatives.endsOn, initiative.startsOn),
        ),
      )
      .orderBy(asc(initiatives.startsOn), asc(initiatives.id), asc(locations.name))
      .limit(1);
    return row;
  }

  /** A proposal starts in review. */
  override insert(values: InitiativeValues & { proposedBy: number }): Promise<number> {
    return insertRecord(this.db, initiatives, { ...values, status: 'inReview' });
  }

  /** A new status; inactive sets `deletedAt` (the kit's active filter), any other clears it. */
  setStatus(id: number, status: InitiativeStatus, at: Date): Promise<boolean> {
    return updateRecord(this.db, initiatives, id, { status, deletedAt: status === 'inactive' ? at : null });
  }

  replaceLocations(id: number, locationIds: number[]): Promise<void> {
    return replaceChildRows(
      this.db,
      initiativeLocations,
      { column: initiativeLocations.initiativeId, id },
      locationIds.map((locationId) => ({ initiativeId: id, locationId })),
    );
  }

  async addStatusChange(change: {
    initiativeId: number;
    fromStatus: InitiativeStatus | null;
    toStatus: InitiativeStatus;
    note: string | null;
    changedBy: number;
  }): Promise<number> {
    const [row] = await this.db
      .insert(initiativeStatusChanges)
      .values(change)
      .returning({ id: initiativeStatusChanges.id });
    if (!row) throw new Error('Status change not recorded');
    return row.id;
  }

  async addMail(mail: typeof initiativeMails.$inferInsert): Promise<void> {
    await this.db.insert(initiativeMails).values(mail);
  }

  /** Its changes of status, oldest first, with who made each (null once deleted for good). */
  history(id: number) {
    return this.db
      .select({
        fromStatus: sql<InitiativeStatus | null>`${initiativeStatusChanges.fromStatus}`,
        toStatus: sql<InitiativeStatus>`${initiativeStatusChanges.toStatus}`,
        note: initiativeStatusChanges.note,
        changedBy: initiativeStatusChanges.changedBy,
        changedByName: users.name,
        changedByOrganizationId: organizationMembers.organizationId,
        changedAt: initiativeStatusChanges.changedAt,
      })
      .from(initiativeStatusChanges)
      .leftJoin(users, eq(users.id, initiativeStatusChanges.changedBy))
      .leftJoin(organizationMembers, eq(organizationMembers.userId, initiativeStatusChanges.changedBy))
      .where(eq(initiativeStatusChanges.initiativeId, id))
      .orderBy(asc(initiativeStatusChanges.id));
  }

  /** Its mails, oldest first. */
  mails(id: number) {
    return this.db
      .select({
        id: initiativeMails.id,
        recipient: initiativeMails.recipient,
        subject: initiativeMails.subject,
        html: initiativeMails.html,
        language: initiativeMails.language,
        sentBy: initiativeMails.sentBy,
        sentByName: users.name,
        sentByOrganizationId: organizationMembers.organizationId,
        createdAt: initiativeMails.createdAt,
      })
      .from(initiativeMails)
      .leftJoin(users, eq(users.id, initiativeMails.sentBy))
      .leftJoin(organizationMembers, eq(organizationMembers.userId, initiativeMails.sentBy))
      .where(eq(initiativeMails.initiativeId, id))
      .orderBy(asc(initiativeMails.id));
  }

  /**
   * Initiatives per status whose dates overlap `from`..`to`, of one organisation or one location when
   * given (the dashboard's pie).
   */
  async countByStatus(filter: {
    from: string;
    to: string;
    organizationId?: number;
    locationId?: number;
    scope?: SQL;
  }) {
    const rows = await this.db
      .select({ status: sql<InitiativeStatus>`${initiatives.status}`, total: sql<number>`count(*)::int` })
      .from(initiatives)
      .where(
        and(
          lte(initiatives.startsOn, filter.to),
          gte(initiatives.endsOn, filter.from),
          filter.organizationId === undefined
            ? undefined
            : eq(initiatives.organizationId, filter.organizationId),
          filter.locationId === undefined
            ? undefined
            : sql`exists (select 1 from ${initiativeLocations} where ${initiativeLocations.initiativeId} = ${initiatives.id} and ${initiativeLocations.locationId} = ${filter.locationId})`,
          filter.scope,
        ),
      )
      .groupBy(initiatives.status);
    return new Map(rows.map((row) => [row.status, row.total]));
  }
}
