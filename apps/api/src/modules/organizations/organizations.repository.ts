import { ORGANIZATION_KIT_FIELDS } from '@scentia/shared/organizations.schemas';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { locations, organizations } from '../../db/schema/index.ts';
import type { AccessScope } from '../../lib/access-scope.ts';
import { kitListColumns, kitSorts } from '../../lib/resource-kit/kit-list.ts';
import { KitRepository } from '../../lib/resource-kit/kit-repository.ts';
import { inMemberLocations } from '../../lib/resource-kit/record-scope.ts';
import type { HeldRecord } from '../../lib/resource-kit/record-writes.ts';
import { type RecordOf, resourceList } from '../../lib/resource-kit/resource-list.ts';
import { cnpjSearchWord } from '../../lib/search-text.ts';

/**
 * Each organisation's location counts (all, and the active ones), for a page's rows: one grouped
 * statement for the page, rather than two subqueries a row among the list's columns, which PostgreSQL
 * would run for every row an OFFSET skips as well. A member limited to some locations counts theirs.
 */
async function withLocationCounts<T extends { id: number }>(db: Database, rows: T[], scope?: AccessScope) {
  const ids = rows.map((row) => row.id);
  const counts = ids.length
    ? await db
        .select({
          organizationId: locations.organizationId,
          locationCount: sql<number>`count(*)::int`,
          activeLocationCount: sql<number>`(count(*) filter (where ${locations.deletedAt} is null))::int`,
        })
        .from(locations)
        .where(
          and(
            inArray(locations.organizationId, ids),
            scope?.kind === 'member' ? inMemberLocations(locations.id, scope) : undefined,
          ),
        )
        .groupBy(locations.organizationId)
    : [];
  const byOrganization = new Map(counts.map((count) => [count.organizationId, count]));
  return rows.map((row) => ({
    ...row,
    activeLocationCount: byOrganization.get(row.id)?.activeLocationCount ?? 0,
    locationCount: byOrganization.get(row.id)?.locationCount ?? 0,
  }));
}

export const organizationsList = resourceList({
  table: organizations,
  id: organizations.id,
  deletedAt: organizations.deletedAt,
  columns: {
    ...kitListColumns(organizations, ORGANIZATION_KIT_FIELDS),
    legalName: organizations.legalName,
    contactName: organizations.contactName,
  },
  searchIn: [organizations.searchText],
  searchWord: cnpjSearchWord,
  sortable: kitSorts('Organization', {
    name: organizations.searchName,
    legalName: organizations.legalName,
    city: organizations.city,
    createdAt: organizations.createdAt,
    updatedAt: organizations.updatedAt,
    organizationId: organizations.id,
  }),
  defaultSort: 'Organization.CreatedAt',
  rowCounts: 'organizations',
  // A member sees their own organisation, whichever of its locations they are limited to.
  scope: (member) => eq(organizations.id, member.organizationId),
  details: withLocationCounts,
});

export type OrganizationRecord = RecordOf<typeof organizationsList>;
type OrganizationOption = { organizationId: typeof organizations.id; name: typeof organizations.name };

/** An organisation with active locations stays active; one with any location is not deleted. */
const hasLocations = (activeOnly: boolean) => (id: HeldRecord) =>
  sql`exists (select 1 from ${locations} where ${locations.organizationId} = ${id}${
    activeOnly ? sql` and ${locations.deletedAt} is null` : sql``
  })`;

export class OrganizationsRepository extends KitRepository<
  OrganizationRecord,
  OrganizationOption,
  typeof organizations
> {
  constructor(db: Database) {
    super(db, {
      list: organizationsList,
      writes: { table: organizations, keepsActive: hasLocations(true), keepsRow: hasLocations(false) },
      // The typeahead finds an organisation by its name, legal name, CNPJ or city.
      typeahead: {
        searchText: organizations.searchText,
        fields: { organizationId: organizations.id, name: organizations.name },
      },
    });
  }

  /** A few of its locations, by name (the active ones only, or all), for a refusal's message. */
  locationNames(id: number, activeOnly: boolean, limit: number): Promise<{ name: string }[]> {
    return this.db
      .select({ name: locations.name })
      .from(locations)
      .where(and(eq(locations.organizationId, id), activeOnly ? isNull(locations.deletedAt) : undefined))
      .orderBy(locations.searchName)
      .limit(limit);
  }
}
