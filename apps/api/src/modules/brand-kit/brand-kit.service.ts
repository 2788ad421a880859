import type { BrandKit } from '@scentia/shared/brand-kit.schemas';
import { ErrorCode } from '@scentia/shared/error-codes';
import type { Language } from '@scentia/shared/locales';
import { type Zippable, zipSync } from 'fflate';
import { translate } from '../../i18n/translate.ts';
import { AppError } from '../../lib/app-error.ts';
import { type KitLoader, type LoadedKit, uniqueFileName } from './brand-kit-files.ts';

/**
 * After a failed reload, how long the last good copy is served before the content service is asked
 * again: one slow or refused call per half minute, not one per request, while it is down.
 */
export const RETRY_AFTER_FAILURE_MS = 30_000;

/** The oldest time a zip entry can carry (MS-DOS dates start in 1980). */
const ZIP_EPOCH = Date.UTC(1980, 0, 2);

/** Formats that are compressed already gain nothing from deflate. */
const STORED_TYPES = /^(image\/(png|jpe?g|gif|webp|avif)|application\/(zip|pdf))$/;

type CacheEntry = { kit: LoadedKit; freshUntil: number };

/**
 * The brand kit: loaded from its source (the content service or the embedded files), kept per language
 * for `cacheMs`; concurrent requests share one load; when a reload fails the last copy is served
 * (stale-while-error) and, with no copy at all, the caller gets a localized 503 (`CONTENT_UNAVAILABLE`).
 */
export function createBrandKitService(options: {
  load: KitLoader;
  cacheMs: number;
  log: { warn: (details: object, message: string) => void };
  now?: () => number;
}) {
  const now = options.now ?? Date.now;
  const cache = new Map<Language, CacheEntry>();
  const loading = new Map<Language, Promise<LoadedKit>>();

  const loadShared = (language: Language): Promise<LoadedKit> => {
    let pending = loading.get(language);
    if (!pending) {
      pending = options.load(language).then(
        (kit) => {
          cache.set(language, { kit, freshUntil: now() + options.cacheMs });
          return kit;
        },
        (error: unknown) => {
          const stale = cache.get(language);
          options.log.warn(
            { language, reason: (error as Error).message, servesStaleCopy: stale !== undefined },
            'Brand kit could not be loaded',
          );
          if (stale) {
            stale.freshUntil = now() + RETRY_AFTER_FAILURE_MS;
            return stale.kit;
          }
          throw new AppError(ErrorCode.CONTENT_UNAVAILABLE);
        },
      );
      const settled = pending.finally(() => loading.delete(language));
      // The promise kept in `loading` is awaited by its callers; this one only cleans up.
      settled.catch(() => {});
      loading.set(language, pending);
    }
    return pending;
  };

  const current = async (language: Language): Promise<LoadedKit> => {
    const entry = cache.get(language);
    if (entry && now() < entry.freshUntil) return entry.kit;
    return loadShared(language);
  };

  return {
    /** The kit's text and the list of its files, in `language`. */
    async getBrandKit(language: Language): Promise<BrandKit> {
      const kit = await current(language);
      return {
        identityText: kit.identityText,
        files: kit.files.map((file) => ({
          name: file.name,
          size: file.bytes.byteLength,
          contentType: file.contentType,
        })),
        source: kit.source,
        updatedAt: kit.updatedAt,
      };
    },

    /**
     * The kit as one zip: the logo files as they are and the identity text as `<name>.md` (the name in
     * the request's language, `identidade-visual.md`), every entry dated when the kit last changed.
     */
    async downloadBrandKit(language: Language): Promise<{ fileName: string; bytes: Uint8Array }> {
      const kit = await current(language);
      const baseName = translate(language, 'brandKit.fileName');
      const changed = Date.parse(kit.updatedAt);
      const mtime = new Date(Number.isNaN(changed) || changed < ZIP_EPOCH ? now() : changed);
      const taken = new Set<string>();
      const entries: Zippable = {};
      entries[uniqueFileName(`${baseName}.md`, taken)] = [
        new TextEncoder().encode(`${kit.identityText}\n`),
        { level: 9, mtime },
      ];
      for (const file of kit.files) {
        entries[uniqueFileName(file.name, taken)] = [
          file.bytes,
          { level: STORED_TYPES.test(file.contentType) ? 0 : 9, mtime },
        ];
      }
      return { fileName: `${baseName}.zip`, bytes: zipSync(entries) };
    },
  };
}

export type BrandKitService = ReturnType<typeof createBrandKitService>;
