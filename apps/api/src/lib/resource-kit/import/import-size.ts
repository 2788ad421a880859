import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { ImportFileKind } from './import-chunks.ts';

/**
 * An xlsx file is zipped: a row of a dozen short cells takes some 60 to 100 bytes of it, so a file
 * of `rows` rows is taken to be at least this many bytes a row (an estimate: counting its rows would
 * mean unzipping it within the request).
 */
const XLSX_BYTES_PER_ROW = 64;

/**
 * Whether a file is "larger" (run as a job rather than within its request): more than `minRows`
 * lines for a CSV (counted, a quoted line break included, so a little over), for an xlsx more than
 * `minRows` rows' worth of bytes.
 */
export async function isLargeImport(
  file: { path: string; kind: ImportFileKind },
  minRows: number,
): Promise<boolean> {
  if (file.kind === 'xlsx') return (await stat(file.path)).size > minRows * XLSX_BYTES_PER_ROW;
  let lines = 0;
  for await (const chunk of createReadStream(file.path)) {
    for (const byte of chunk as Buffer) if (byte === 0x0a) lines += 1;
    // The header and a last line without a line break: more than `minRows` data rows.
    if (lines > minRows) return true;
  }
  return false;
}
