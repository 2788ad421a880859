import { ErrorCode } from '@scentia/shared/error-codes';
import { type FragranceAction, fragranceActionRefusal } from '@scentia/shared/fragrances.rules';
import type { FragranceBody, FragranceRow } from '@scentia/shared/fragrances.schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { categories } from '../../db/schema/index.ts';
import { AppError, invalidFields } from '../../lib/app-error.ts';
import type { UploadedFile } from '../../lib/multipart-form.ts';
import { kitRow } from '../../lib/resource-kit/kit-row.ts';
import { kitService } from '../../lib/resource-kit/kit-service.ts';
import { recordImage } from '../../lib/resource-kit/record-image.ts';
import { recordReads } from '../../lib/resource-kit/record-reads.ts';
import { refuseUnwrittenUpdate } from '../../lib/resource-kit/record-saves.ts';
import { recordStates } from '../../lib/resource-kit/record-states.ts';
import { lockActive } from '../../lib/resource-kit/record-writes.ts';
import type { FileStorage } from '../../lib/storage/file-storage.ts';
import { createStoredFiles } from '../../lib/storage/stored-files.ts';
import { fragranceImport } from './fragrances.import.ts';
import {
  type FragranceRecord,
  FragrancesRepository,
  fragrancesList,
  type ImageKeys,
} from './fragrances.repository.ts';

export type FragrancesServiceDeps = {
  repository: FragrancesRepository;
  storage: FileStorage;
  log: FastifyBaseLogger;
};

/**
 * Fragrances and their images (spec §4 Fragrance): edit only while active; the category must be
 * active; permanent delete only once inactive. Images go through stored files (lib/storage/
 * stored-files.ts): staged before the row, committed with it, and the files a row stops referencing
 * released with it and removed after, so neither a failure nor a killed process leaves a file behind.
 */
export function createFragrancesService(deps: FragrancesServiceDeps) {
  return {
    ...createService(deps),
    /** The spreadsheet import, whose rows are saved by this service (without images) on its handle. */
    importer: {
      db: deps.repository.db,
      declaration: fragranceImport((db) => {
        const service = createService({ ...deps, repository: new FragrancesRepository(db) });
        return {
          create: (body: FragranceBody) => service.createWithoutImage(body),
          update: (id: number, body: FragranceBody) => service.update(id, body, undefined),
        };
      }),
    },
  };
}

function createService({ repository, storage, log }: FragrancesServiceDeps) {
  const files = createStoredFiles({ db: repository.db, storage, log });
  const image = recordImage(files, { folder: 'fragrances', image: 'imageKey', thumbnail: 'thumbnailKey' });

  async function assertCategoryActive(categoryId: number) {
    if (!(await repository.isCategoryActive(categoryId))) {
      throw invalidFields({ path: 'categoryId', key: 'field.categoryInactive' });
    }
  }

  /**
   * In a save's transaction: the category is still active, and stays so until the save commits (its
   * deactivation waits, then sees the fragrance). The check before the save may have passed just before
   * the category's deactivation committed.
   */
  async function holdCategoryActive(db: Database, categoryId: number) {
    if (!(await lockActive(db, categories, categoryId))) {
      throw invalidFields({ path: 'categoryId', key: 'field.categoryInactive' });
    }
  }

  const reads = recordReads({ list: fragrancesList, reader: repository.reader, toRow });
  const { getRecord } = reads;
  const states = recordStates({
    reads,
    writes: repository.writes,
    refusal: (record: FragranceRecord, action: FragranceAction) =>
      fragranceActionRefusal(
        { isActive: record.deletedAt === null, collections: record.collections },
        action,
      ),
    beforeActivate: (record) => assertCategoryActive(record.categoryId),
    files: { store: files, keysOf: image.keysOf },
  });

  async function toRow(record: FragranceRecord): Promise<FragranceRow> {
    return {
      fragranceId: record.id,
      name: record.name,
      description: record.description,
      ofactoryWay: record.olfactoryWay,
      categoryId: record.categoryId,
      category: { name: record.categoryName },
      image:
        record.imageKey && record.thumbnailKey
          ? {
              tempUri: await storage.urlFor(record.imageKey),
              thumbnailUri: await storage.urlFor(record.thumbnailKey),
            }
          : null,
      translations: record.translations.map((translation) => ({
        language: translation.language,
        description: translation.description,
        ofactoryWay: translation.olfactoryWay,
      })),
      collections: record.collections,
      ...kitRow(record),
    };
  }

  const valuesOf = (body: FragranceBody) => ({
    name: body.name,
    description: body.description,
    olfactoryWay: body.ofactoryWay,
    categoryId: body.categoryId,
  });
  const translationsOf = (body: FragranceBody) =>
    body.translations.map((translation) => ({
      language: translation.language,
      description: translation.description,
      olfactoryWay: translation.ofactoryWay,
    }));

  /** In a create's transaction: the row, its translations, and its staged image's files kept. */
  async function insert(tx: FragrancesRepository, body: FragranceBody, staged: ImageKeys | undefined) {
    await holdCategoryActive(tx.db, body.categoryId);
    const created = await tx.insert({ ...valuesOf(body), ...staged });
    await tx.replaceTranslations(created, translationsOf(body));
    if (staged) await image.commit(tx.db, staged);
    return created;
  }

  /**
   * Its own create and update rather than `recordSaves`: a save stages the uploaded image before its
   * transaction and keeps it with the row (or removes the replaced one after), which the kit's saves
   * do not do; the rest is the kit's.
   */
  const saves = {
    async create(body: FragranceBody, file: UploadedFile | undefined): Promise<FragranceRow> {
      if (!file) throw new AppError(ErrorCode.IMAGE_REQUIRED);
      await assertCategoryActive(body.categoryId);
      const id = await image.withStaged(file, (keys) =>
        // A create always has its image.
        repository.transaction((tx) => insert(tx, body, keys as NonNullable<typeof keys>)),
      );
      return toRow(await getRecord(id));
    },

    /**
     * Creates a fragrance without its image: the spreadsheet import's (images are not imported; the
     * form adds it). The same rules and writes as `create` otherwise.
     */
    async createWithoutImage(body: FragranceBody): Promise<FragranceRow> {
      await assertCategoryActive(body.categoryId);
      const id = await repository.transaction((tx) => insert(tx, body, undefined));
      return toRow(await getRecord(id));
    },

    async update(id: number, body: FragranceBody, file: UploadedFile | undefined): Promise<FragranceRow> {
      states.assertAllowed(await getRecord(id), 'edit');
      await assertCategoryActive(body.categoryId);
      const replaced = await image.withStaged(file, (keys) =>
        repository.transaction(async (tx) => {
          await holdCategoryActive(tx.db, body.categoryId);
          // Updating first locks the row and checks the version in the same statement: of two saves
          // based on the same version, the second finds the first's and is refused; and the image read
          // next is the one this save replaces even when another save committed meanwhile.
          if (!(await tx.update(id, valuesOf(body), body.updatedAt))) {
            await refuseUnwrittenUpdate(states, await tx.reader.findById(id));
          }
          await tx.replaceTranslations(id, translationsOf(body));
          if (!keys) return [];
          const before = await tx.reader.findById(id);
          await tx.update(id, keys);
          return image.commitReplacing(tx.db, keys, before);
        }),
      );
      // The replaced image is removed only once the new one is committed.
      await files.removeReleased(replaced);
      return toRow(await getRecord(id));
    },
  };

  return {
    ...kitService({ reads, states, saves }),
    createWithoutImage: saves.createWithoutImage,
    quickSearch: (text: string) => repository.quickSearch(text),
  };
}

export type FragrancesService = ReturnType<typeof createFragrancesService>;
