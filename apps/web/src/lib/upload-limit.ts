import { UPLOAD_MAX_MB } from '@scentia/shared/constants';

/** Files above the upload limit (spec §5 Uploads, §9) are refused before anything is sent. */
export { UPLOAD_MAX_MB };

const BYTES_PER_MB = 1_048_576;

export function isOverUploadLimit(file: { size: number }, maxMb = UPLOAD_MAX_MB): boolean {
  return file.size > maxMb * BYTES_PER_MB;
}
