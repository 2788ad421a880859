import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@scentia/shared/error-codes';
import { type FragranceAction, fragranceActionRefusal } from '@scentia/shared/fragrances.rules';
import type { FragranceBody, FragranceRow } from '@scentia/shared/fragrances.schemas';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, invalidFields } from '../../lib/app-error.ts';
import { normaliseImage } from '../../lib/images.ts';
import type { UploadedFile } from '../../lib/multipart-form.ts';
import { recordReads } from '../../lib/resource-kit/record-reads.ts';
import { recordStates } from '../../lib/resource-kit/record-states.ts';
import type { FileStorage } from '../../lib/storage/file-storage.ts';
import { createStoredFiles } from '../../lib/storage/stored-files.ts';
import { type FragranceRecord, type FragrancesRepository, fragrancesList } from './fragrances.repository.ts';

const QUICK_SEARCH_LIMIT = 10;
type ImageKeys = { imageKey: string; thumbnailKey: string };

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
export function createFragrancesService({ repository, storage, log }: FragrancesServiceDeps) {
  const files = createStoredFiles({ db: repository.db, storage, log });
  const imageKeysOf = (
    keys: Partial<ImageKeys> | { imageKey: string | null; thumbnailKey: string | null },
  ) => [keys.imageKey, keys.thumbnailKey];

  async function storeImage(file: UploadedFile): Promise<ImageKeys> {
    const { display, thumbnail } = await normaliseImage(file.bytes);
    const base = `fragrances/${randomUUID()}`;
    const keys = { imageKey: `${base}.webp`, thumbnailKey: `${base}-thumb.webp` };
    await files.stageFiles([
      { key: keys.imageKey, body: display, contentType: 'image/webp' },
      { key: keys.thumbnailKey, body: thumbnail, contentType: 'image/webp' },
    ]);
    return keys;
  }

  /**
   * Stages the image, then writes the row (`write`, whose transaction must commit the keys); when the
   * row is not written the staged files are removed at once rather than by the sweep.
   */
  async function withImage<T>(
    file: UploadedFile | undefined,
    write: (keys: ImageKeys | undefined) => Promise<T>,
  ): Promise<T> {
    const keys = file ? await storeImage(file) : undefined;
    try {
      return await write(keys);
    } catch (error) {
      if (keys) await files.discardStaged(imageKeysOf(keys));
      throw error;
    }
  }

  async function assertCategoryActive(categoryId: number) {
    if (!(await repository.isCategoryActive(categoryId))) {
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
    files: { store: files, keysOf: imageKeysOf },
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
      ativo: record.deletedAt === null,
      createdAt: record.createdAt.toISOString(),
      updatedAt: record.updatedAt.toISOString(),
      deletedAt: record.deletedAt?.toISOString() ?? null,
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

  return {
    list: reads.list,
    exportBatches: reads.exportBatches,
    get: reads.get,

    quickSearch: (text: string) => repository.quickSearch(text, QUICK_SEARCH_LIMIT),

    async create(body: FragranceBody, file: UploadedFile | undefined): Promise<FragranceRow> {
      if (!file) throw new AppError(ErrorCode.IMAGE_REQUIRED);
      await assertCategoryActive(body.categoryId);
      const id = await withImage(file, (keys) =>
        repository.transaction(async (tx) => {
          const created = await tx.insert({ ...valuesOf(body), ...(keys as ImageKeys) });
          await tx.replaceTranslations(created, translationsOf(body));
          await files.commitFiles(tx.db, imageKeysOf(keys as ImageKeys));
          return created;
        }),
      );
      return toRow(await getRecord(id));
    },

    async update(id: number, body: FragranceBody, file: UploadedFile | undefined): Promise<FragranceRow> {
      states.assertAllowed(await getRecord(id), 'edit');
      await assertCategoryActive(body.categoryId);
      const replaced = await withImage(file, (keys) =>
        repository.transaction(async (tx) => {
          // Updating first locks the row, so the image read next is the one this save replaces even
          // when another save of the same fragrance committed meanwhile.
          await tx.update(id, valuesOf(body));
          await tx.replaceTranslations(id, translationsOf(body));
          if (!keys) return [];
          const before = await tx.findById(id);
          await tx.update(id, keys);
          await files.commitFiles(tx.db, imageKeysOf(keys));
          const replacedKeys = before ? imageKeysOf(before) : [];
          await files.releaseFiles(tx.db, replacedKeys);
          return replacedKeys;
        }),
      );
      // The replaced image is removed only once the new one is committed.
      await files.removeReleased(replaced);
      return toRow(await getRecord(id));
    },

    activate: states.activate,
    deactivate: states.deactivate,
    deletePermanently: states.deletePermanently,
  };
}

export type FragrancesService = ReturnType<typeof createFragrancesService>;
