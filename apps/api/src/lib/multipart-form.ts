import type {} from '@fastify/multipart';
import { ErrorCode } from '@scentia/shared/error-codes';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';
import { findUnsafeCharacter, findUnsafeText } from './unsafe-text.ts';

export type UploadedFile = { bytes: Buffer; fileName: string };
export type MultipartForm = { fields: Record<string, unknown>; file: UploadedFile | undefined };

const MAX_FIELDS = 40;
const MAX_FIELD_BYTES = 2_000;

const PATH_SEPARATOR = /[/\\]/;

/**
 * Sets `translations[0][language]` style names into nested objects and arrays, so the result can be
 * validated by the same zod schema as a JSON body.
 */
function setPath(target: Record<string, unknown>, name: string, value: string): void {
  const path = name.split(/\[|\]\[|\]/).filter(Boolean);
  if (
    path.length === 0 ||
    path.some((part) => part === '__proto__' || part === 'constructor' || part === 'prototype')
  ) {
    throw new AppError(ErrorCode.VALIDATION, { fields: [{ path: name, key: 'field.invalid' }] });
  }
  let cursor: Record<string, unknown> = target;
  path.forEach((part, index) => {
    const isLast = index === path.length - 1;
    if (isLast) {
      if (part in cursor)
        throw new AppError(ErrorCode.VALIDATION, { fields: [{ path: name, key: 'field.duplicate' }] });
      cursor[part] = value;
      return;
    }
    const next = path[index + 1] as string;
    cursor[part] ??= /^\d+$/.test(next) ? [] : {};
    cursor = cursor[part] as Record<string, unknown>;
  });
}

/**
 * Reads a multipart form with at most one file, under `fileField`. The file's size is enforced while
 * it streams (the rest of an oversized upload is never read), and it is kept in memory only up to
 * that limit. Duplicate fields, a second file, or an unsafe file name are a 400.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  options: { fileField: string; maxFileBytes: number; maxFields?: number },
): Promise<MultipartForm> {
  // A form with many rows (a campaign's 20 slots of three fields) raises the bound it still keeps.
  const maxFields = options.maxFields ?? MAX_FIELDS;
  if (!request.isMultipart()) throw new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE);
  const fields: Record<string, unknown> = {};
  let file: UploadedFile | undefined;
  try {
    const parts = request.parts({
      // Keep the name as sent so a path in it is refused, not silently cut to its last segment.
      preservePath: true,
      limits: {
        fileSize: options.maxFileBytes,
        files: 1,
        fields: maxFields,
        fieldSize: MAX_FIELD_BYTES,
        parts: maxFields + 1,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        const value = String(part.value);
        // The same check as JSON bodies get (plugins/input-guard.ts), which never sees multipart parts.
        const unsafe = findUnsafeText({ [part.fieldname]: value });
        if (unsafe) {
          throw new AppError(ErrorCode.VALIDATION, {
            fields: [{ path: unsafe.path, key: 'field.unsafeText', params: { character: unsafe.character } }],
          });
        }
        setPath(fields, part.fieldname, value);
        continue;
      }
      if (part.fieldname !== options.fileField || file) {
        part.file.resume();
        throw new AppError(ErrorCode.VALIDATION, {
          fields: [{ path: part.fieldname, key: 'field.unexpectedFile' }],
        });
      }
      if (PATH_SEPARATOR.test(part.filename) || findUnsafeCharacter(part.filename)) {
        part.file.resume();
        throw new AppError(ErrorCode.VALIDATION, {
          fields: [{ path: options.fileField, key: 'field.fileName' }],
        });
      }
      file = { bytes: await part.toBuffer(), fileName: part.filename };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(ErrorCode.FILE_TOO_LARGE, {
        params: { max: Number((options.maxFileBytes / 1_048_576).toFixed(1)) },
      });
    }
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw new AppError(ErrorCode.VALIDATION, { fields: [{ path: 'body', key: 'field.tooManyParts' }] });
    }
    // A truncated or malformed body: the client's fault, never a 500.
    request.log.info({ err: error }, 'unreadable multipart body');
    throw new AppError(ErrorCode.MALFORMED_MULTIPART);
  }
  return { fields, file };
}
