import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { normaliseImage } from '../images.ts';
import type { UploadedFile } from '../multipart-form.ts';
import type { StoredFiles } from '../storage/stored-files.ts';

/**
 * A record's uploaded image (a fragrance's, a campaign's cover) as two stored files, the display image
 * and its thumbnail in WebP, held in the record's two key columns (`image` and `thumbnail` name them).
 * The files go through stored files (lib/storage/stored-files.ts): staged before the row, committed
 * with it, the replaced ones released with it and removed once it is committed.
 */
export function recordImage<Image extends string, Thumbnail extends string>(
  files: StoredFiles,
  options: { folder: string; image: Image; thumbnail: Thumbnail },
) {
  type Keys = { [Key in Image | Thumbnail]: string };
  type HeldKeys = { [Key in Image | Thumbnail]?: string | null };
  const { folder, image, thumbnail } = options;
  const keysOf = (keys: HeldKeys) => [keys[image], keys[thumbnail]];

  async function stage(file: UploadedFile): Promise<Keys> {
    const normalised = await normaliseImage(file.bytes);
    const base = `${folder}/${randomUUID()}`;
    const keys = { [image]: `${base}.webp`, [thumbnail]: `${base}-thumb.webp` } as Keys;
    await files.stageFiles([
      { key: keys[image], body: normalised.display, contentType: 'image/webp' },
      { key: keys[thumbnail], body: normalised.thumbnail, contentType: 'image/webp' },
    ]);
    return keys;
  }

  return {
    /** The record's two keys, for `recordStates({ files })`. */
    keysOf,

    /**
     * Stages the file when one came, then writes the row (`write`, whose transaction must `commit` the
     * keys); when the row is not written the staged files are removed at once rather than by the sweep.
     */
    async withStaged<T>(
      file: UploadedFile | undefined,
      write: (keys: Keys | undefined) => Promise<T>,
    ): Promise<T> {
      const keys = file ? await stage(file) : undefined;
      try {
        return await write(keys);
      } catch (error) {
        if (keys) await files.discardStaged(keysOf(keys));
        throw error;
      }
    },

    /** In the save's transaction: the staged files become the row's. */
    commit: (tx: Database, keys: Keys) => files.commitFiles(tx, keysOf(keys)),

    /**
     * In the save's transaction: the staged files become the row's and the ones of `before` (the row as
     * it was) are released. Answers the released keys, for `removeReleased` after the commit.
     */
    async commitReplacing(tx: Database, keys: Keys, before: HeldKeys | undefined) {
      await files.commitFiles(tx, keysOf(keys));
      const released = before ? keysOf(before) : [];
      await files.releaseFiles(tx, released);
      return released;
    },
  };
}
