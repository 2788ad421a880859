import { ErrorCode } from '@scentia/shared/error-codes';
import sharp from 'sharp';
import { AppError } from './app-error.ts';

export type ImageType = 'jpeg' | 'png' | 'webp';

/** The type a file's first bytes say it is; its name and declared type are not trusted. */
function detectImageType(bytes: Buffer): ImageType | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp';
  return undefined;
}

// An image that decodes to more pixels than this is refused before it is decoded: a few kilobytes of
// compressed zeros must not become gigabytes of memory.
const MAX_INPUT_PIXELS = 40_000_000;
const DISPLAY_SIZE = 1200;
const THUMBNAIL_SIZE = 320;

export type NormalisedImage = { display: Buffer; thumbnail: Buffer };

/**
 * Re-encodes an upload as WebP in a display size and a thumbnail, turned upright by its EXIF
 * orientation; everything else (EXIF, GPS, ICC comments) is dropped by re-encoding.
 */
export async function normaliseImage(bytes: Buffer): Promise<NormalisedImage> {
  if (!detectImageType(bytes)) throw new AppError(ErrorCode.UNSUPPORTED_IMAGE);
  try {
    const source = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    const [display, thumbnail] = await Promise.all([
      source()
        .resize(DISPLAY_SIZE, DISPLAY_SIZE, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer(),
      source().resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'cover' }).webp({ quality: 75 }).toBuffer(),
    ]);
    return { display, thumbnail };
  } catch {
    throw new AppError(ErrorCode.IMAGE_UNREADABLE);
  }
}
