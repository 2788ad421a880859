import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type {} from '@fastify/multipart';
import { ErrorCode } from '@scentia/shared/error-codes';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../app-error.ts';
import { findUnsafeCharacter } from '../../unsafe-text.ts';
import { fileKindOf } from './import-chunks.ts';
import type { ImportFile } from './record-import.ts';

/** The largest spreadsheet taken: 200,000 rows of a dozen columns fit in it, zipped or not. */
const IMPORT_MAX_FILE_BYTES = 50 * 1024 * 1024;

export const IMPORT_FILE_FIELD = 'file';

const invalidFile = (key: 'field.required' | 'field.fileName' | 'field.unexpectedFile') =>
  new AppError(ErrorCode.VALIDATION, { fields: [{ path: IMPORT_FILE_FIELD, key }] });

/**
 * Streams the upload's one part `file` into a temporary file (never whole in memory), refused past
 * `IMPORT_MAX_FILE_BYTES`; `work` reads it, and the file is removed whatever happens.
 */
export async function withUploadedImport<T>(
  request: FastifyRequest,
  work: (file: ImportFile) => Promise<T>,
): Promise<T> {
  if (!request.isMultipart()) throw new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE);
  const path = join(tmpdir(), `scentia-import-${randomUUID()}`);
  try {
    let fileName: string;
    try {
      const part = await request.file({
        limits: { fileSize: IMPORT_MAX_FILE_BYTES, files: 1, fields: 0, parts: 1 },
      });
      if (!part) throw invalidFile('field.required');
      if (part.fieldname !== IMPORT_FILE_FIELD) {
        part.file.resume();
        throw invalidFile('field.unexpectedFile');
      }
      if (/[/\\]/.test(part.filename) || findUnsafeCharacter(part.filename) || part.filename.length > 255) {
        part.file.resume();
        throw invalidFile('field.fileName');
      }
      fileName = part.filename;
      await pipeline(part.file, createWriteStream(path));
      if (part.file.truncated) throw new AppError(ErrorCode.FILE_TOO_LARGE, { params: { max: 50 } });
    } catch (error) {
      if (error instanceof AppError) throw error;
      const code = (error as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE')
        throw new AppError(ErrorCode.FILE_TOO_LARGE, { params: { max: 50 } });
      if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
        throw new AppError(ErrorCode.VALIDATION, { fields: [{ path: 'body', key: 'field.tooManyParts' }] });
      }
      request.log.info({ err: error }, 'unreadable multipart body');
      throw new AppError(ErrorCode.MALFORMED_MULTIPART);
    }
    const handle = await open(path);
    const start = Buffer.alloc(4);
    await handle.read(start, 0, 4, 0);
    await handle.close();
    return await work({ path, kind: fileKindOf(start), fileName });
  } finally {
    await rm(path, { force: true });
  }
}
