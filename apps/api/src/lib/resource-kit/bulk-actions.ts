import { randomUUID } from 'node:crypto';
import type { Language } from '@scentia/shared/locales';
import type { BulkAction, BulkAnswer, BulkBody, BulkRowResult } from '@scentia/shared/record-bulk.schemas';
import { z } from 'zod';
import { translate } from '../../i18n/translate.ts';
import type { AccessScope } from '../access-scope.ts';
import type { Account } from '../account.ts';
import { AppError, invalidFields } from '../app-error.ts';
import { runAsAction } from '../audit/audit-context.ts';
import type { RowOutcome } from './bulk-chunks.ts';
import { Refusal } from './refusal.ts';

/** What a `move` sets (devices: `locationId` and/or `campaignId`). */
export type BulkValues = NonNullable<BulkBody['values']>;

/**
 * One row's work, through the very same service call as the row's own command (its holds and
 * refusals apply): `unchanged` when the row already was as asked. A refusal is thrown as the command
 * throws it (an `AppError`, a `Refusal`); a 404 (gone meanwhile, outside the caller's scope) is
 * `notFound`.
 */
export type BulkRowWork<Row> = (
  row: Row,
  values: BulkValues,
  caller: BulkCaller,
) => Promise<'done' | 'unchanged'>;

/**
 * A chunk's work at once, for an action with a set-based form (a kit resource's activate and
 * deactivate: `recordStates(…).bulk`): the rule asked of every row as its single command asks it, the
 * allowed rows written by one statement. Answers each id's outcome as that command would have. `run`
 * names the action as the trail records it, for an action that must not be done twice to a row when
 * its chunk is sent again (`recordsActedOn`).
 */
export type BulkChunkWork<Row> = (
  rows: Row[],
  values: BulkValues,
  caller: BulkCaller,
  run: BulkRun,
) => Promise<Map<number, RowOutcome>>;

/** The action a chunk runs under: its trail action (`bulkResendConfirmationUser`) and its action id. */
export type BulkRun = { action: string; requestId: string };

/** Who runs a bulk action: the signed-in account, its scope and its language. */
export type BulkCaller = { account: Account; scope: AccessScope; language: Language };

/** The rows a bulk action reads: the service's `selection` (`recordReads(…).selection`). */
export type BulkRows<Row> = { rows(ids: number[], scope: AccessScope): Promise<Row[]> };

/** What a resource's bulk actions are made of. */
export type BulkDeclaration<Row> = {
  /** The record type in the audit action's name (`bulkDeactivateOrganization`). */
  recordType: string;
  selection: BulkRows<Row>;
  idOf: (row: Row) => number;
  /** The record's name as the list shows it, for the downloadable result. */
  nameOf: (row: Row) => string | null;
  /** The actions the resource takes row by row; any other (nor in `chunkActions`) is a 400. */
  actions: Partial<Record<BulkAction, BulkRowWork<Row>>>;
  /** The actions done a chunk at once (`BulkChunkWork`), before `actions`' row by row. */
  chunkActions?: Partial<Record<BulkAction, BulkChunkWork<Row>>>;
  /** The `values` an action takes (devices' `move`), checked before any row: wrong is a 400. */
  values?: Partial<Record<BulkAction, z.ZodType>>;
};

const pascal = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** `bulkDeactivateOrganization`: the audit action each row's event carries. */
function bulkAuditAction(action: BulkAction, recordType: string): string {
  return `bulk${pascal(action)}${pascal(recordType)}`;
}

/** The action's values as its schema reads them; a 400 naming `values.<field>` when they are wrong. */
function valuesOf<Row>(declaration: BulkDeclaration<Row>, body: BulkBody): BulkValues {
  const schema = declaration.values?.[body.action];
  if (!schema) return body.values ?? {};
  const parsed = schema.safeParse(body.values ?? {});
  if (parsed.success) return parsed.data as BulkValues;
  throw new z.ZodError(parsed.error.issues.map((issue) => ({ ...issue, path: ['values', ...issue.path] })));
}

/** A refusal as the row's result says it: the single command's code and its message, with names. */
function refusalOf(error: AppError, language: Language): Pick<BulkRowResult, 'code' | 'message'> {
  const localized = error instanceof Refusal ? error.in(language) : error;
  const fields = localized.fields.map((field) => translate(language, field.key, field.params));
  const message =
    fields.length > 0 ? fields.join(' ') : translate(language, localized.code, localized.params);
  return { code: localized.code, message };
}

/** A row's outcome as its result says it: a refusal with the command's message, a 404 as `notFound`. */
function resultOf(result: BulkRowResult, outcome: RowOutcome, language: Language): BulkRowResult {
  if (!(outcome instanceof AppError)) return { ...result, outcome };
  if (outcome.statusCode >= 500) throw outcome;
  if (outcome.statusCode === 404) return { ...result, outcome: 'notFound' };
  return { ...result, outcome: 'refused', ...refusalOf(outcome, language) };
}

/**
 * Runs `body.action` over its ids and answers one result per id in the order asked. The rows are read
 * at once within the caller's scope: an id that is unknown or outside it is `notFound`, never told
 * apart. An action with a set-based form (`chunkActions`) does the chunk at once; any other runs each
 * row on its own through its single command (a savepoint each, so a refused row leaves the others
 * done). Every row's changes are audited as one event per row, `bulk<Action><RecordType>`, under the
 * action's id.
 */
export async function runBulkAction<Row>(
  declaration: BulkDeclaration<Row>,
  body: BulkBody,
  caller: BulkCaller,
): Promise<BulkAnswer> {
  const work = declaration.actions[body.action];
  const chunkWork = declaration.chunkActions?.[body.action];
  if (!work && !chunkWork) throw invalidFields({ path: 'action', key: 'field.bulkActionUnsupported' });
  const values = valuesOf(declaration, body);
  const actionId = body.actionId ?? randomUUID();
  const ids = [...new Set(body.ids)];
  const rows = new Map(
    (await declaration.selection.rows(ids, caller.scope)).map((row) => [declaration.idOf(row), row]),
  );
  const audit: BulkRun = {
    action: bulkAuditAction(body.action, declaration.recordType),
    requestId: actionId,
  };
  if (chunkWork) {
    const outcomes = await runAsAction(audit, () => chunkWork([...rows.values()], values, caller, audit));
    const results = ids.map((id) => {
      const row = rows.get(id);
      const result: BulkRowResult = {
        id,
        name: row === undefined ? null : declaration.nameOf(row),
        outcome: 'notFound',
        code: null,
        message: null,
      };
      const outcome = outcomes.get(id);
      return outcome === undefined ? result : resultOf(result, outcome, caller.language);
    });
    return { actionId, results };
  }
  const results: BulkRowResult[] = [];
  for (const id of ids) {
    const row = rows.get(id);
    const name = row === undefined ? null : declaration.nameOf(row);
    const result: BulkRowResult = { id, name, outcome: 'notFound', code: null, message: null };
    if (row !== undefined) {
      try {
        result.outcome = await runAsAction(audit, () => (work as BulkRowWork<Row>)(row, values, caller));
      } catch (error) {
        if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
        if (error.statusCode !== 404) {
          Object.assign(result, { outcome: 'refused' }, refusalOf(error, caller.language));
        }
      }
    }
    results.push(result);
  }
  return { actionId, results };
}

/** A kit service's state changes, and what its bulk actions read. */
type KitStates<Row> = {
  activate(id: number): Promise<unknown>;
  deactivate(id: number): Promise<void>;
  deletePermanently(id: number): Promise<void>;
  selection: BulkRows<Row>;
  /** The set-based state changes (`recordStates(…).bulk`), when the service has them. */
  bulkStates?: { [action in 'activate' | 'deactivate' | 'delete']: ChunkStates };
};

type ChunkStates = (ids: number[], scope?: AccessScope) => Promise<Map<number, RowOutcome>>;

/** What a kit resource says of its bulk actions (`ResourceRoutes['bulk']`). */
export type KitBulk<Row> = Partial<
  Pick<BulkDeclaration<Row>, 'idOf' | 'nameOf' | 'actions' | 'chunkActions' | 'values'>
>;

/**
 * A kit resource's bulk actions: activate, deactivate and delete for good through its service's
 * set-based forms (`bulkStates`) or, without them, its own commands row by row (a row already as asked
 * is `unchanged`), plus its own `actions` and `chunkActions`. A row is identified by its
 * `<recordType>Id` and named by its `name` unless the resource says otherwise.
 */
export function kitBulkDeclaration<Row>(resource: {
  recordType: string;
  service: KitStates<Row>;
  bulk?: KitBulk<Row>;
}): BulkDeclaration<Row> {
  const { recordType, service, bulk } = resource;
  const idOf = bulk?.idOf ?? ((row: Row) => (row as { [key: string]: unknown })[`${recordType}Id`] as number);
  const nameOf = bulk?.nameOf ?? ((row: Row) => (row as { name?: string }).name ?? null);
  const isActive = (row: Row) => (row as { ativo?: boolean }).ativo === true;
  const bulkStates = service.bulkStates;
  // The set-based forms, unless the resource does the action its own way (row by row, or its own
  // `chunkActions`).
  const kitChunks = bulkStates
    ? (['activate', 'deactivate', 'delete'] as const).filter((action) => !bulk?.actions?.[action])
    : [];
  const chunkWork = (action: (typeof kitChunks)[number]): BulkChunkWork<Row> => {
    const states = bulkStates?.[action] as ChunkStates;
    return (rows, _values, caller) => states(rows.map(idOf), caller.scope);
  };
  const chunkActions: BulkDeclaration<Row>['chunkActions'] = {
    ...Object.fromEntries(kitChunks.map((action) => [action, chunkWork(action)])),
    ...bulk?.chunkActions,
  };
  return {
    recordType,
    selection: service.selection,
    idOf,
    nameOf,
    chunkActions,
    values: bulk?.values,
    actions: {
      activate: async (row) => {
        if (isActive(row)) return 'unchanged';
        await service.activate(idOf(row));
        return 'done';
      },
      deactivate: async (row) => {
        if (!isActive(row)) return 'unchanged';
        await service.deactivate(idOf(row));
        return 'done';
      },
      delete: async (row) => {
        await service.deletePermanently(idOf(row));
        return 'done';
      },
      ...bulk?.actions,
    },
  };
}
