import { randomUUID } from 'node:crypto';
import type { Language } from '@scentia/shared/locales';
import type { ImportMode, ImportReport } from '@scentia/shared/record-import.schemas';
import type { Database } from '../../../db/client.ts';
import { AppError } from '../../app-error.ts';
import { currentAuditContext, runWithAuditContext } from '../../audit/audit-context.ts';
import { importCheck } from './import-check.ts';
import { type ImportFileKind, importChunks } from './import-chunks.ts';
import type { ImportCaller, ImportDeclaration } from './import-declaration.ts';
import { ImportErrors } from './import-errors.ts';

export type ImportFile = { path: string; kind: ImportFileKind; fileName: string };

/** The audit trail's action of an import's writes: `importOrganization`. */
const importAction = (recordType: string) =>
  `import${recordType.charAt(0).toUpperCase()}${recordType.slice(1)}`;

/** Thrown inside the apply's transaction to roll it back when a row is refused while written. */
class RowRefused extends Error {}

/**
 * Checks a file against a resource's import declaration and, for `apply` when no row has an error,
 * writes it: every row inserted or updated by its natural key through the resource's own saves, in
 * ONE transaction (all or nothing), each write audited under the import's id as the request id and
 * `import<RecordType>` as the action. The file is read twice (the check, then the writes), in chunks,
 * so memory holds a chunk and the keys met, never the file.
 */
export async function runImport<Body>(
  db: Database,
  declaration: ImportDeclaration<Body>,
  options: { mode: ImportMode; language: Language; file: ImportFile; id?: string; caller?: ImportCaller },
): Promise<ImportReport> {
  const id = options.id ?? randomUUID();
  const createdAt = new Date().toISOString();
  const errors = new ImportErrors(options.language, declaration.columns);
  const check = importCheck(declaration, errors);
  let processed = 0;
  for await (const rows of importChunks(options.file, declaration.columns, errors)) {
    await check.chunk(db, rows);
    processed += rows.length;
  }
  const canApply = options.mode === 'apply' && errors.list.length === 0 && !errors.isTruncated;
  const caller = options.caller ?? { account: undefined, language: options.language };
  const applied = canApply ? await apply(db, declaration, options.file, id, errors, caller) : false;
  if (applied) declaration.afterApply?.();
  return {
    id,
    recordType: declaration.recordType,
    mode: options.mode,
    state: 'done',
    fileName: options.file.fileName,
    processed,
    total: processed,
    counts: { ...check.counts, invalid: errors.invalidCount },
    errors: errors.sorted(),
    errorsTruncated: errors.isTruncated,
    applied,
    createdAt,
    finishedAt: new Date().toISOString(),
  };
}

async function apply<Body>(
  db: Database,
  declaration: ImportDeclaration<Body>,
  file: ImportFile,
  id: string,
  errors: ImportErrors,
  importer: ImportCaller,
): Promise<boolean> {
  const caller = currentAuditContext();
  const context = () => ({
    actorId: caller?.actorId ?? null,
    ip: caller?.ip ?? null,
    userAgent: caller?.userAgent ?? null,
    action: importAction(declaration.recordType),
    requestId: id,
    // A chunk written in one statement still records one event per row (record), as a save per row does.
    isEventPerRecord: declaration.saveChunk !== undefined,
  });
  try {
    await runWithAuditContext(context, () =>
      db.transaction(async (tx) => {
        const handle = tx as unknown as Database;
        const saves = declaration.saves(handle, importer);
        // A second check on the transaction: what changed since the first one is seen here.
        const recheck = importCheck(declaration, errors);
        for await (const rows of importChunks(file, declaration.columns)) {
          const checked = await recheck.chunk(handle, rows);
          if (declaration.saveChunk) {
            const changed = checked.filter((row) => !recheck.isUnchanged(row));
            const refused = changed.length > 0 ? await declaration.saveChunk(handle, changed) : [];
            for (const { row, column, error } of refused)
              errors.add(row, column, error.code, error.code, error.params);
            if (errors.list.length > 0) throw new RowRefused();
            continue;
          }
          for (const row of checked) {
            if (recheck.isUnchanged(row)) continue;
            try {
              if (row.existing) await saves.update(row.existing.id, row.body);
              else await saves.create(row.body);
            } catch (error) {
              if (!(error instanceof AppError)) throw error;
              errors.add(row.row, null, error.code, error.code, error.params);
              throw new RowRefused();
            }
          }
          if (errors.list.length > 0) throw new RowRefused();
        }
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof RowRefused) return false;
    throw error;
  }
}
