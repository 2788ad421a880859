import {
  type CampaignAction,
  campaignActionRefusal,
  campaignCollectionRefusal,
} from '@scentia/shared/campaigns.rules';
import type { CampaignBody, CampaignRow, QrPrintBody } from '@scentia/shared/campaigns.schemas';
import { formatMacAddress } from '@scentia/shared/devices.schemas';
import { ErrorCode } from '@scentia/shared/error-codes';
import type { Language } from '@scentia/shared/locales';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, invalidFields } from '../../lib/app-error.ts';
import type { UploadedFile } from '../../lib/multipart-form.ts';
import { kitRow } from '../../lib/resource-kit/kit-row.ts';
import { kitService } from '../../lib/resource-kit/kit-service.ts';
import { recordImage } from '../../lib/resource-kit/record-image.ts';
import { recordReads } from '../../lib/resource-kit/record-reads.ts';
import { refuseUnwrittenUpdate } from '../../lib/resource-kit/record-saves.ts';
import { recordStates } from '../../lib/resource-kit/record-states.ts';
import { namesAndMore } from '../../lib/resource-kit/refusal.ts';
import type { FileStorage } from '../../lib/storage/file-storage.ts';
import { createStoredFiles } from '../../lib/storage/stored-files.ts';
import {
  type CampaignRecord,
  type CampaignsRepository,
  type CoverKeys,
  campaignsList,
  type QrPrintKind,
} from './campaigns.repository.ts';

const WITHOUT_QUIZ_LIMIT = 10;

export type CampaignsServiceDeps = {
  repository: CampaignsRepository;
  storage: FileStorage;
  log: FastifyBaseLogger;
};

/** How many of its devices a refusal names before "and N more". */
const DEVICES_NAMED = 5;

/**
 * Devices hold a campaign: one played by an active device stays active (give the device another
 * campaign first), one any device refers to keeps its row.
 */
function devicesHold(record: CampaignRecord, action: CampaignAction) {
  if (action === 'toggle' && record.deletedAt === null && record.hasActiveDevices) {
    return ErrorCode.CAMPAIGN_HAS_DEVICES;
  }
  if (action === 'delete' && record.deletedAt !== null && record.hasDevices)
    return ErrorCode.CAMPAIGN_HAS_DEVICES;
  return undefined;
}

/**
 * Campaigns (spec §4 Campaign): the device's collection, a cover, descriptions, and one default.
 * Edit only while active; a save carries the version it was based on (`updatedAt`, which the QR code
 * prints too) and is refused when another save came first. The cover goes through stored files like
 * a fragrance's image: staged before the row, committed with it, the replaced one removed after.
 */
export function createCampaignsService({ repository, storage, log }: CampaignsServiceDeps) {
  const files = createStoredFiles({ db: repository.db, storage, log });
  const cover = recordImage(files, {
    folder: 'campaigns',
    image: 'coverKey',
    thumbnail: 'coverThumbnailKey',
  });

  /** The device errors (spec §8), checked before any file is stored. */
  function assertCollection(body: CampaignBody): void {
    const refusal = campaignCollectionRefusal(body.collection);
    if (refusal) throw new AppError(refusal);
  }

  /** Only active fragrances are placed; checked in the save's transaction, which locks them. */
  async function assertFragrancesActive(tx: CampaignsRepository, body: CampaignBody): Promise<void> {
    const active = await tx.activeFragrances(body.collection.map((entry) => entry.fragranceId));
    const inactive = body.collection.flatMap((entry, index) =>
      active.has(entry.fragranceId)
        ? []
        : [{ path: `collection.${index}.fragranceId`, key: 'field.fragranceInactive' as const }],
    );
    if (inactive.length > 0) throw invalidFields(...inactive);
  }

  /**
   * A slot whose fragrance a quiz answer recommends (draft or live publication) keeps it: neither
   * cleared nor refilled (409 naming the slot). Checked after the campaign's row is locked by its
   * update, which a quiz save or publication of the campaign holds off (FOR SHARE) until it commits.
   */
  async function assertAnsweredSlotsKept(tx: CampaignsRepository, id: number, body: CampaignBody) {
    const kept = new Set(body.collection.map((entry) => `${entry.slot}:${entry.fragranceId}`));
    const changed = (await tx.slotsOf(id)).filter((entry) => !kept.has(`${entry.slot}:${entry.fragranceId}`));
    const answered = await tx.answeredFragrances(
      id,
      changed.map((entry) => entry.fragranceId),
    );
    const locked = changed
      .filter((entry) => answered.has(entry.fragranceId))
      .sort((a, b) => a.slot - b.slot)[0];
    if (locked) throw new AppError(ErrorCode.CAMPAIGN_SLOT_HAS_ANSWER, { params: { slot: locked.slot } });
  }

  const reads = recordReads({ list: campaignsList, reader: repository.reader, toRow });
  const { getRecord } = reads;
  const states = recordStates({
    reads,
    writes: repository.writes,
    refusal: (record: CampaignRecord, action: CampaignAction) =>
      campaignActionRefusal({ isActive: record.deletedAt === null, isDefault: record.isDefault }, action) ??
      (action === 'delete' && record.hasQuiz ? ErrorCode.CAMPAIGN_HAS_QUIZ : undefined) ??
      devicesHold(record, action),
    // The refusal names the devices by their MAC addresses (the active ones while it is active).
    describe: async (record, code) => {
      if (code !== ErrorCode.CAMPAIGN_HAS_DEVICES) return undefined;
      const found = await repository.deviceMacs(record.id, record.deletedAt === null, DEVICES_NAMED);
      return { names: namesAndMore(found.macAddresses.map(formatMacAddress), found.total) };
    },
    files: { store: files, keysOf: cover.keysOf },
  });
  const { assertAllowed } = states;

  const imageOf = async (imageKey: string | null, thumbnailKey: string | null) =>
    imageKey && thumbnailKey
      ? { tempUri: await storage.urlFor(imageKey), thumbnailUri: await storage.urlFor(thumbnailKey) }
      : null;

  async function toRow(record: CampaignRecord): Promise<CampaignRow> {
    return {
      campaignId: record.id,
      name: record.name,
      fragranceShots: record.fragranceShots,
      cover: await imageOf(record.coverKey, record.coverThumbnailKey),
      descriptions: record.descriptions,
      collection: await Promise.all(
        record.collection.map(async (entry) => ({
          slot: entry.slot,
          fragranceId: entry.fragranceId,
          shotSeconds: entry.shotSeconds,
          fragrance: { name: entry.fragranceName, image: await imageOf(entry.imageKey, entry.thumbnailKey) },
        })),
      ),
      downloads: record.downloads,
      lastQrPrint: record.lastQrPrint && {
        printedAt: record.lastQrPrint.printedAt.toISOString(),
        kind: record.lastQrPrint.kind as QrPrintKind,
        campaignUpdatedAt: record.lastQrPrint.campaignUpdatedAt.toISOString(),
      },
      isDefault: record.isDefault,
      ...kitRow(record),
    };
  }

  const valuesOf = (body: CampaignBody) => ({ name: body.name, fragranceShots: body.fragranceShots });

  /**
   * Its own create and update rather than `recordSaves`: a save stages the uploaded cover before its
   * transaction and keeps it with the row (or removes the replaced one after), and an update checks its
   * slots against the quizzes after locking the row, which the kit's saves do not do.
   */
  const saves = {
    async create(body: CampaignBody, file: UploadedFile | undefined): Promise<CampaignRow> {
      assertCollection(body);
      if (!file) throw new AppError(ErrorCode.IMAGE_REQUIRED);
      const id = await cover.withStaged(file, (keys) =>
        repository.transaction(async (tx) => {
          const staged = keys as CoverKeys;
          await assertFragrancesActive(tx, body);
          const created = await tx.insert({ ...valuesOf(body), ...staged });
          await tx.replaceDetails(created, body.descriptions, body.collection);
          await cover.commit(tx.db, staged);
          return created;
        }),
      );
      return toRow(await getRecord(id));
    },

    async update(id: number, body: CampaignBody, file: UploadedFile | undefined): Promise<CampaignRow> {
      assertAllowed(await getRecord(id), 'edit');
      assertCollection(body);
      const replaced = await cover.withStaged(file, (keys) =>
        repository.transaction(async (tx) => {
          // The update locks the row and checks the version in one statement: of two saves based on
          // the same version, the second finds the first's and is refused.
          if (!(await tx.updateActive(id, valuesOf(body), body.updatedAt))) {
            await refuseUnwrittenUpdate(states, await tx.reader.findById(id));
          }
          await assertFragrancesActive(tx, body);
          await assertAnsweredSlotsKept(tx, id, body);
          await tx.replaceDetails(id, body.descriptions, body.collection);
          if (!keys) return [];
          const before = await tx.reader.findById(id);
          await tx.setCover(id, keys);
          return cover.commitReplacing(tx.db, keys, before);
        }),
      );
      // The replaced cover is removed only once the new one is committed.
      await files.removeReleased(replaced);
      return toRow(await getRecord(id));
    },
  };

  return {
    ...kitService({ reads, states, saves }),

    withoutQuiz: (text: string, language: Language) =>
      repository.withoutQuiz(text, language, WITHOUT_QUIZ_LIMIT),

    /**
     * Whether an answer of a quiz of the campaign recommends the fragrance, in a draft or in the live
     * publication: its slot can then be neither cleared nor refilled.
     */
    async hasAnswer(fragranceId: number, campaignId: number): Promise<boolean> {
      await getRecord(campaignId);
      return (await repository.answeredFragrances(campaignId, [fragranceId])).has(fragranceId);
    },

    /** The campaign's slots whose fragrance `hasAnswer` holds, in one read (the campaign form's locks). */
    async answeredSlots(campaignId: number): Promise<{ slots: number[] }> {
      const { collection } = await getRecord(campaignId);
      const answered = await repository.answeredFragrances(
        campaignId,
        collection.map((entry) => entry.fragranceId),
      );
      return {
        slots: collection.filter((entry) => answered.has(entry.fragranceId)).map((entry) => entry.slot),
      };
    },

    /**
     * `POST /campaigns/qr-prints/{id}`: records that the QR code was printed or downloaded, with the
     * version the dialog showed (stored as sent, even when a save came since: that is what was printed).
     * Inactive campaigns count too; their dialog is still reachable from the list.
     */
    async recordQrPrint(id: number, body: QrPrintBody, printedBy: number | null): Promise<void> {
      const print = { kind: body.kind, campaignUpdatedAt: new Date(body.campaignUpdatedAt), printedBy };
      if (!(await repository.transaction((tx) => tx.recordQrPrint(id, print)))) {
        throw new AppError(ErrorCode.NOT_FOUND);
      }
    },

    /** `PUT /campaigns/default`: the campaign becomes the only default (idempotent). */
    async setDefault(id: number): Promise<CampaignRow> {
      await getRecord(id);
      const outcome = await repository.transaction((tx) => tx.makeDefault(id));
      if (outcome === 'inactive') throw new AppError(ErrorCode.RECORD_INACTIVE);
      return toRow(await getRecord(id));
    },
  };
}

export type CampaignsService = ReturnType<typeof createCampaignsService>;
