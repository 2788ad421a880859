import type { Language } from '@scentia/shared/locales';
import { and, arrayOverlaps, desc, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  campaignDescriptions,
  campaignQrPrints,
  campaignSlots,
  campaigns,
  devices,
  fragrances,
  quizFragranceOptions,
  quizPublications,
  quizzes,
} from '../../db/schema/index.ts';
import { KitRepository } from '../../lib/resource-kit/kit-repository.ts';
import { type HeldRecord, isVersion, replaceChildRows } from '../../lib/resource-kit/record-writes.ts';
import { type RecordOf, resourceList } from '../../lib/resource-kit/resource-list.ts';

const slotsUsed = sql<number>`(select count(*)::int from ${campaignSlots} where ${campaignSlots.campaignId} = ${campaigns.id})`;

/**
 * Whether a quiz (in any state) belongs to the campaign: it is then not deleted for good (the quiz's
 * key restricts it). Qualified by hand: a select from one table writes its columns without its name.
 */
const hasQuiz = sql<boolean>`exists (select 1 from ${quizzes} where ${quizzes}.campaign_id = ${campaigns}.id)`;

/**
 * Devices playing the campaign (the active ones only, or any): an active device keeps it active (give
 * it another campaign first), any device keeps its row. Qualified by hand, like `hasQuiz`.
 */
const devicesPlaying = (campaign: SQL | HeldRecord, activeOnly: boolean) =>
  sql<boolean>`exists (select 1 from ${devices} where ${devices}.campaign_id = ${campaign}${
    activeOnly ? sql` and ${devices}.deleted_at is null` : sql``
  })`;

export type QrPrintKind = 'print' | 'png' | 'svg';

/** The latest QR print of each of the campaigns (one query, on the `(campaign_id, printed_at desc)` index). */
function latestQrPrints(db: Database, ids: number[]) {
  return db
    .selectDistinctOn([campaignQrPrints.campaignId], {
      campaignId: campaignQrPrints.campaignId,
      kind: campaignQrPrints.kind,
      printedAt: campaignQrPrints.printedAt,
      campaignUpdatedAt: campaignQrPrints.campaignUpdatedAt,
    })
    .from(campaignQrPrints)
    .where(inArray(campaignQrPrints.campaignId, ids))
    .orderBy(campaignQrPrints.campaignId, desc(campaignQrPrints.printedAt), desc(campaignQrPrints.id));
}

/**
 * Adds each row's descriptions, collection (with each slot's fragrance) and latest QR print: three
 * queries per page.
 */
async function attachDetails<T extends { id: number }>(db: Database, rows: T[]) {
  const ids = rows.map((row) => row.id);
  const [descriptions, slots, prints] = ids.length
    ? await Promise.all([
        db.select().from(campaignDescriptions).where(inArray(campaignDescriptions.campaignId, ids)),
        db
          .select({
            campaignId: campaignSlots.campaignId,
            slot: campaignSlots.slot,
            fragranceId: campaignSlots.fragranceId,
            shotSeconds: campaignSlots.shotSeconds,
            fragranceName: fragrances.name,
            imageKey: fragrances.imageKey,
            thumbnailKey: fragrances.thumbnailKey,
          })
          .from(campaignSlots)
          .innerJoin(fragrances, eq(campaignSlots.fragranceId, fragrances.id))
          .where(inArray(campaignSlots.campaignId, ids))
          .orderBy(campaignSlots.campaignId, campaignSlots.slot),
        latestQrPrints(db, ids),
      ])
    : [[], [], []];
  return rows.map((row) => ({
    ...row,
    descriptions: descriptions
      .filter((description) => description.campaignId === row.id)
      .map(({ language, description }) => ({ language: language as Language, description })),
    collection: slots.filter((slot) => slot.campaignId === row.id),
    lastQrPrint: prints.find((print) => print.campaignId === row.id) ?? null,
  }));
}

export const campaignsList = resourceList({
  table: campaigns,
  id: campaigns.id,
  deletedAt: campaigns.deletedAt,
  columns: {
    id: campaigns.id,
    name: campaigns.name,
    fragranceShots: campaigns.fragranceShots,
    coverKey: campaigns.coverKey,
    coverThumbnailKey: campaigns.coverThumbnailKey,
    downloads: campaigns.downloads,
    isDefault: campaigns.isDefault,
    hasQuiz,
    hasActiveDevices: devicesPlaying(sql`${campaigns}.id`, true),
    hasDevices: devicesPlaying(sql`${campaigns}.id`, false),
    createdAt: campaigns.createdAt,
    updatedAt: campaigns.updatedAt,
    deletedAt: campaigns.deletedAt,
  },
  searchIn: [campaigns.searchText],
  sortable: {
    'Campaign.Name': campaigns.searchText,
    name: campaigns.searchText,
    'Campaign.IsDefault': campaigns.isDefault,
    isDefault: campaigns.isDefault,
    slotsUsed,
    'Campaign.CreatedAt': campaigns.createdAt,
    createdAt: campaigns.createdAt,
    'Campaign.UpdatedAt': campaigns.updatedAt,
    updatedAt: campaigns.updatedAt,
  },
  defaultSort: 'Campaign.CreatedAt',
  rowCounts: 'campaigns',
  details: attachDetails,
});

export type CampaignRecord = RecordOf<typeof campaignsList>;

export type CampaignValues = { name: string; fragranceShots: number };
export type CoverKeys = { coverKey: string; coverThumbnailKey: string };
export type CollectionEntry = { slot: number; fragranceId: number; shotSeconds: number };
export type Description = { language: Language; description: string };

/** The default campaign stays active and is not deleted until another one is the default. */
const isDefault = () => sql`${campaigns.isDefault}`;
/** Nor is one with a quiz deleted (the delete locks the campaign first: a quiz's creation waits, or is seen). */
const isDefaultOrHasQuiz = (id: HeldRecord) =>
  sql`(${campaigns.isDefault} or exists (select 1 from ${quizzes} where ${quizzes}.campaign_id = ${id}))`;

type CampaignOption = { campaignId: typeof campaigns.id; name: typeof campaigns.name };

export class CampaignsRepository extends KitRepository<CampaignRecord, CampaignOption, typeof campaigns> {
  constructor(db: Database) {
    super(db, {
      list: campaignsList,
      writes: {
        table: campaigns,
        keepsActive: (id) => sql`(${isDefault()} or ${devicesPlaying(id, true)})`,
        keepsRow: (id) => sql`(${isDefaultOrHasQuiz(id)} or ${devicesPlaying(id, false)})`,
      },
      typeahead: {
        searchText: campaigns.searchText,
        fields: { campaignId: campaigns.id, name: campaigns.name },
      },
    });
  }

  /** The MAC addresses of a few devices playing it (the active ones only, or all) and how many there are. */
  async deviceMacs(id: number, activeOnly: boolean, limit: number) {
    const rows = await this.db
      .select({ macAddress: devices.macAddress, total: sql<number>`(count(*) over ())::int` })
      .from(devices)
      .where(and(eq(devices.campaignId, id), activeOnly ? isNull(devices.deletedAt) : undefined))
      .orderBy(devices.macAddress)
      .limit(limit);
    return { macAddresses: rows.map((row) => row.macAddress), total: rows[0]?.total ?? 0 };
  }

  /**
   * Active campaigns whose name contains the text and that have no quiz (in any state) in the language.
   * The columns are qualified by hand: a select from one table writes its own without the table's name.
   */
  withoutQuiz(text: string, language: Language, limit: number) {
    return this.quickSearch(text, {
      limit,
      where: sql`not exists (select 1 from ${quizzes} where ${quizzes}.campaign_id = ${campaigns}.id and ${quizzes}.language = ${language})`,
    });
  }

  /**
   * The fragrances among `fragranceIds` that an answer of a quiz of the campaign recommends, in its
   * draft or in its live publication (the GIN index on `fragrance_ids` finds those).
   */
  async answeredFragrances(campaignId: number, fragranceIds: number[]): Promise<Set<number>> {
    if (fragranceIds.length === 0) return new Set();
    const ofCampaign = eq(quizzes.campaignId, campaignId);
    // One after the other: a campaign save asks inside its transaction, whose connection runs one at a time.
    const drafts = await this.db
      .selectDistinct({ fragranceId: quizFragranceOptions.fragranceId })
      .from(quizFragranceOptions)
      .innerJoin(quizzes, eq(quizzes.id, quizFragranceOptions.quizId))
      .where(and(ofCampaign, inArray(quizFragranceOptions.fragranceId, fragranceIds)));
    const publications = await this.db
      .select({ fragranceIds: quizPublications.fragranceIds })
      .from(quizPublications)
      .innerJoin(
        quizzes,
        and(eq(quizzes.id, quizPublications.quizId), eq(quizPublications.version, quizzes.publishedVersion)),
      )
      .where(and(ofCampaign, arrayOverlaps(quizPublications.fragranceIds, fragranceIds)));
    const asked = new Set(fragranceIds);
    return new Set([
      ...drafts.map((row) => row.fragranceId),
      ...publications.flatMap((row) => row.fragranceIds.filter((id) => asked.has(id))),
    ]);
  }

  /** The campaign's slots as stored, each with its fragrance. */
  slotsOf(id: number): Promise<{ slot: number; fragranceId: number }[]> {
    return this.db
      .select({ slot: campaignSlots.slot, fragranceId: campaignSlots.fragranceId })
      .from(campaignSlots)
      .where(eq(campaignSlots.campaignId, id));
  }

  /** The ids among `ids` of active fragrances, locked against deactivation until the save commits. */
  async activeFragrances(ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .select({ id: fragrances.id })
      .from(fragrances)
      .where(and(inArray(fragrances.id, ids), isNull(fragrances.deletedAt)))
      .for('share');
    return new Set(rows.map((row) => row.id));
  }

  /**
   * Updates an active campaign still at the version the form loaded (any version when none is given).
   * @returns false when it is inactive or another save changed it meanwhile (nothing is written).
   */
  async updateActive(id: number, values: CampaignValues, updatedAt: string | undefined): Promise<boolean> {
    const rows = await this.db
      .update(campaigns)
      .set({ ...values, updatedAt: new Date() })
      .where(
        and(eq(campaigns.id, id), isNull(campaigns.deletedAt), isVersion(campaigns.updatedAt, updatedAt)),
      )
      .returning({ id: campaigns.id });
    return rows.length === 1;
  }

  async setCover(id: number, keys: CoverKeys): Promise<void> {
    await this.db.update(campaigns).set(keys).where(eq(campaigns.id, id));
  }

  async replaceDetails(id: number, descriptions: Description[], collection: CollectionEntry[]) {
    await replaceChildRows(
      this.db,
      campaignDescriptions,
      { column: campaignDescriptions.campaignId, id },
      descriptions.map((description) => ({ ...description, campaignId: id })),
    );
    await replaceChildRows(
      this.db,
      campaignSlots,
      { column: campaignSlots.campaignId, id },
      collection.map((entry) => ({ ...entry, campaignId: id })),
    );
  }

  /**
   * Records a print or download of the QR code and counts it in `downloads` (spec: the number of QR
   * downloads; a print is one too). `updated_at` is left alone: printing does not change the version
   * the code carries. Nothing is written and false is answered for an unknown campaign.
   */
  async recordQrPrint(
    id: number,
    print: { kind: QrPrintKind; campaignUpdatedAt: Date; printedBy: number | null },
  ): Promise<boolean> {
    const counted = await this.db
      .update(campaigns)
      .set({ downloads: sql`${campaigns.downloads} + 1` })
      .where(eq(campaigns.id, id))
      .returning({ id: campaigns.id });
    if (counted.length === 0) return false;
    await this.db.insert(campaignQrPrints).values({ campaignId: id, ...print });
    return true;
  }

  /**
   * Makes the campaign the only default, in the caller's transaction. Set-default calls take turns on
   * a transaction lock, so each reads the default the previous one left and the partial unique index
   * is never hit; the campaign's row is locked, so a deactivation cannot slip in between.
   * @returns 'inactive' when the campaign is not active, 'unchanged' when it already is the default.
   */
  async makeDefault(id: number): Promise<'done' | 'inactive' | 'unchanged'> {
    await this.db.execute(sql`select pg_advisory_xact_lock(hashtext('campaigns.default'))`);
    const [target] = await this.db
      .select({ isDefault: campaigns.isDefault, deletedAt: campaigns.deletedAt })
      .from(campaigns)
      .where(eq(campaigns.id, id))
      .for('update');
    if (!target || target.deletedAt) return 'inactive';
    if (target.isDefault) return 'unchanged';
    // The audit event names the new default, not the previous one whose row changes first.
    await this.db.execute(sql`select audit_event_id('campaign', ${String(id)})`);
    await this.db
      .update(campaigns)
      .set({ isDefault: false })
      .where(and(eq(campaigns.isDefault, true), ne(campaigns.id, id)));
    await this.db.update(campaigns).set({ isDefault: true }).where(eq(campaigns.id, id));
    return 'done';
  }
}
