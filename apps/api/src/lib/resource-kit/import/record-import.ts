import { randomUUID } from 'node:crypto';
import type { Language } from '@scentia/shared/locales';
import type { ImportMode, ImportReport } from '@scentia/shared/record-import.schemas';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { AppError } from '../../app-error.ts';
import { auditedDatabase, runAsAction } from '../../audit/audit-context.ts';
import { type CheckedRow, importCheck } from './import-check.ts';
import { type ImportFileKind, importChunks } from './import-chunks.ts';
import type { ImportCaller, ImportDeclaration, ImportSaves } from './import-declaration.ts';
import { ImportErrors } from './import-errors.ts';

export type ImportFile = { path: string; kind: ImportFileKind; fileName: string };

/** Where an import stands after a chunk: the phase (the check, then the writes) and its rows so far. */
export type ImportStep = { phase: 'check' | 'apply'; processed: number; total: number | null };

export type ImportOptions = {
  mode: ImportMode;
  language: Language;
  file: ImportFile;
  id?: string;
  createdAt?: string;
  /** Who imports, for the saves that decide by their caller; nobody in particular when absent. */
  caller?: ImportCaller;
  /**
   * Called after every chunk (a job records its progress and looks for a cancel here). What it throws
   * stops the import; thrown during the writes, it rolls them all back.
   */
  onStep?: (step: ImportStep) => Promise<void>;
};

/** The audit trail's action of an import's writes: `importOrganization`. */
const importAction = (recordType: string) =>
  `import${recordType.charAt(0).toUpperCase()}${recordType.slice(1)}`;

/**
 * The apply's statements, the triggers' own above all, planned once and kept: every connection plans
 * each statement with its values (db/client.ts), which for the key lookups a trigger makes for each
 * row written (a device's location and campaign names, its audit event, the foreign keys' checks)
 * meant planning them again for every row — more than half the database's time of an apply
 * (docs/performance/device-import.md). Their plans do not depend on the values.
 */
const PLANNED_ONCE = sql`set local plan_cache_mode = force_generic_plan`;

/** Thrown inside the apply's transaction to roll it back when a row is refused while written. */
class RowRefused extends Error {}

/**
 * Checks a file against a resource's import declaration and, for `apply` when no row has an error,
 * writes it: every row inserted or updated by its natural key through the resource's own saves, in
 * ONE transaction (all or nothing), each row's write audited as an event of its own under the import's
 * id as the request id and `import<RecordType>` as the action. The file is read twice (the check, then
 * the writes), in chunks, so memory holds a chunk and the keys met, never the file.
 */
export async function runImport<Body>(
  db: Database,
  declaration: ImportDeclaration<Body>,
  options: ImportOptions,
): Promise<ImportReport> {
  const id = options.id ?? randomUUID();
  const createdAt = options.createdAt ?? new Date().toISOString();
  const errors = new ImportErrors(options.language, declaration.columns);
  const check = importCheck(declaration, errors, options.caller);
  let processed = 0;
  for await (const rows of importChunks(options.file, declaration.columns, errors)) {
    await check.chunk(db, rows);
    processed += rows.length;
    await options.onStep?.({ phase: 'check', processed, total: null });
  }
  const canApply = options.mode === 'apply' && errors.list.length === 0 && !errors.isTruncated;
  const applied = canApply
    ? await runAsAction({ action: importAction(declaration.recordType), requestId: id }, () =>
        apply(db, declaration, { ...options, total: processed }, errors),
      )
    : false;
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

/**
 * The writes, in one transaction; false (nothing written) when a row is refused while written. Each
 * record written has an audit event of its own (`runAsAction`), even when a chunk is one statement.
 */
async function apply<Body>(
  db: Database,
  declaration: ImportDeclaration<Body>,
  options: ImportOptions & { total: number },
  errors: ImportErrors,
): Promise<boolean> {
  const caller = options.caller ?? { account: undefined, language: options.language };
  try {
    await db.transaction(async (tx) => {
      await tx.execute(PLANNED_ONCE);
      const handle = auditedDatabase(tx as unknown as Database);
      const saves = declaration.saves(handle, caller);
      // A second check on the transaction: what changed since the first one is seen here.
      const recheck = importCheck(declaration, errors, caller);
      let processed = 0;
      for await (const rows of importChunks(options.file, declaration.columns)) {
        const changed = (await recheck.chunk(handle, rows)).filter((row) => !recheck.isUnchanged(row));
        if (declaration.saveChunk) await writeChunk(handle, declaration.saveChunk, changed, errors);
        else for (const row of changed) await writeRow(saves, row, errors);
        if (errors.list.length > 0) throw new RowRefused();
        processed += rows.length;
        await options.onStep?.({ phase: 'apply', processed, total: options.total });
      }
    });
    return true;
  } catch (error) {
    if (error instanceof RowRefused) return false;
    throw error;
  }
}

/** A chunk written by the resource's own chunk writes (`saveChunk`); its refusals are the rows'. */
async function writeChunk<Body>(
  handle: Database,
  saveChunk: NonNullable<ImportDeclaration<Body>['saveChunk']>,
  rows: CheckedRow<Body>[],
  errors: ImportErrors,
): Promise<void> {
  if (rows.length === 0) return;
  for (const { row, column, error } of await saveChunk(handle, rows))
    errors.add(row, column, error.code, error.code, error.params);
}

/** One row inserted or updated through the resource's own saves. */
async function writeRow<Body>(
  saves: ImportSaves<Body>,
  row: CheckedRow<Body>,
  errors: ImportErrors,
): Promise<void> {
  try {
    if (row.existing) await saves.update(row.existing.id, row.body);
    else await saves.create(row.body);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    errors.add(row.row, null, error.code, error.code, error.params);
    throw new RowRefused();
  }
}
