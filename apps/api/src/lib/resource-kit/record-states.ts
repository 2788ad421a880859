import { ErrorCode } from '@scentia/shared/error-codes';
import type { Database } from '../../db/client.ts';
import type { AccessScope } from '../access-scope.ts';
import { AppError } from '../app-error.ts';
import { isUniqueViolation } from '../db-errors.ts';
import type { StoredFiles } from '../storage/stored-files.ts';
import { notFoundOutcomes, type RowOutcome, refusalOf, settleWritten, sortByRule } from './bulk-chunks.ts';
import type { SoftDeleteWrites } from './record-writes.ts';
import { Refusal, type RefusalParams } from './refusal.ts';

/** The actions every soft-deleted resource's shared rule answers (its `<x>.rules.ts`). */
type StateAction = 'toggle' | 'delete';

export type RecordStates<Record, Row, Action extends string> = {
  /** The record or a 404, and its answer: `recordReads`. */
  reads: {
    getRecord(id: number): Promise<Record>;
    get(id: number): Promise<Row>;
    /** The records of `ids` within `scope`, read at once (a bulk action's chunk). */
    getRecords(ids: number[], scope?: AccessScope): Promise<Record[]>;
  };
  /** The repository's `softDeleteWrites`. */
  writes: SoftDeleteWrites;
  /** The shared rule (`categoryActionRefusal`): the code `action` is refused with, if it is. */
  refusal: (record: Record, action: Action) => ErrorCode | undefined;
  /**
   * What a refusal's message names (an organisation's locations, for `{{names}}`), read when the rule
   * refuses with `code`; undefined when its message names nothing.
   */
  describe?: (record: Record, code: ErrorCode) => Promise<RefusalParams | undefined>;
  /** What reactivating needs besides the rule (a fragrance's category must be active). */
  beforeActivate?: (record: Record) => Promise<void>;
  /** The record's stored files (an image and its thumbnail): released with the row, removed after. */
  files?: { store: StoredFiles; keysOf: (record: Record) => (string | null | undefined)[] };
  /**
   * Unique constraints besides the name, and their codes (as `guardUniqueName`): reactivating a record
   * whose name or unique column an active one took meanwhile is that 409, never a 500.
   */
  unique?: UniqueCodes;
};

/**
 * A service's activate, deactivate and delete for good, asking the resource's shared rule first and
 * answering its 409 (`assertAllowed` serves the resource's other actions, edit say). Deactivating an
 * inactive record does nothing. When the repository's statement refuses although the rule allowed
 * it a moment before (a fragrance put in a collection meanwhile), the record is read again and the
 * rule names why.
 */
export function recordStates<
  Record extends { id: number; deletedAt: Date | null },
  Row,
  Action extends string,
>(options: RecordStates<Record, Row, Action | StateAction>) {
  const { reads, writes, refusal, describe, beforeActivate, files, unique } = options;

  /** The rule's refusal of `action`, its message's names read when it has some. */
  async function refuse(record: Record, action: Action | StateAction): Promise<void> {
    const code = refusal(record, action);
    if (!code) return;
    const described = await describe?.(record, code);
    throw described ? new Refusal(code, described) : new AppError(code);
  }

  function assertAllowed(record: Record, action: Action | StateAction): void {
    const code = refusal(record, action);
    if (code) throw new AppError(code);
  }

  /** After a refused statement: the rule's answer on the record as it is now (gone: 404). */
  async function refuseChanged(id: number, action: StateAction, isActivating = false): Promise<void> {
    const current = await reads.getRecord(id);
    if (action === 'toggle' && Boolean(current.deletedAt) !== isActivating) return;
    await refuse(current, action);
    throw new AppError(ErrorCode.CONFLICT);
  }

  /**
   * The records of `ids` the rule allows `action` (each asked through `refuse`, as its single command
   * asks), the others' outcomes set: inactive (`isInactiveUnchanged`) or active rows that are already
   * as asked, refusals with their messages' names, and ids not found.
   */
  async function sortChunk(
    ids: number[],
    scope: AccessScope | undefined,
    isAsked: (record: Record) => boolean,
    check: (record: Record) => Promise<void>,
  ): Promise<{ allowed: Record[]; outcomes: Map<number, RowOutcome> }> {
    const outcomes = notFoundOutcomes(ids);
    const allowed = await sortByRule(await reads.getRecords(ids, scope), outcomes, { isAsked, check });
    return { allowed, outcomes };
  }

  const idsOf = (records: Record[]) => records.map((record) => record.id);

  /** A row the statement did not write although the rule allowed it: the rule's answer now. */
  const changedOutcome = async (id: number, isActivating: boolean): Promise<RowOutcome> =>
    (await refusalOf(() => refuseChanged(id, 'toggle', isActivating))) ?? 'done';

  /**
   * `activate`, `deactivate` and `delete` of a bulk action's chunk: the same rule and holds as the
   * single commands, the records read in one statement and the allowed ones written in one. Unlike
   * `activate`, an active record is left untouched (`unchanged`).
   */
  const bulk = {
    async activate(ids: number[], scope?: AccessScope): Promise<Map<number, RowOutcome>> {
      const { allowed, outcomes } = await sortChunk(
        ids,
        scope,
        (record) => record.deletedAt === null,
        async (record) => {
          await refuse(record, 'toggle');
          await beforeActivate?.(record);
        },
      );
      let written: number[];
      try {
        written = await writes.activateMany(idsOf(allowed));
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // A name an active record took meanwhile: row by row, so that only that row is refused.
        for (const id of idsOf(allowed)) {
          const refused = await refusalOf(async () => {
            if (!(await guardUniqueName(() => writes.activate(id), unique)))
              await refuseChanged(id, 'toggle', true);
          });
          outcomes.set(id, refused ?? 'done');
        }
        return outcomes;
      }
      return settleWritten(outcomes, idsOf(allowed), written, (id) => changedOutcome(id, true));
    },

    async deactivate(ids: number[], scope?: AccessScope): Promise<Map<number, RowOutcome>> {
      const { allowed, outcomes } = await sortChunk(
        ids,
        scope,
        (record) => record.deletedAt !== null,
        (record) => refuse(record, 'toggle'),
      );
      const written = await writes.deactivateMany(idsOf(allowed));
      return settleWritten(outcomes, idsOf(allowed), written, (id) => changedOutcome(id, false));
    },

    /**
     * Delete for good of a chunk: the rule asked of each record, the allowed ones deleted by one
     * statement with the same hold (`keepsRow`), their files released in its transaction and removed
     * after it, as `deletePermanently` does. A row the statement kept is answered with the rule now.
     */
    async delete(ids: number[], scope?: AccessScope): Promise<Map<number, RowOutcome>> {
      const { allowed, outcomes } = await sortChunk(
        ids,
        scope,
        () => false,
        (record) => refuse(record, 'delete'),
      );
      const byId = new Map(allowed.map((record) => [record.id, record]));
      const keysOf = (deleted: number[]) =>
        files ? deleted.flatMap((id) => files.keysOf(byId.get(id) as Record)) : [];
      const release =
        files && ((tx: Database, deleted: number[]) => files.store.releaseFiles(tx, keysOf(deleted)));
      const deleted = await writes.deleteInactiveMany([...byId.keys()], release);
      if (files) await files.store.removeReleased(keysOf(deleted));
      const gone = new Set(deleted);
      for (const id of byId.keys()) {
        if (gone.has(id)) outcomes.set(id, 'done');
        else outcomes.set(id, (await refusalOf(() => refuseChanged(id, 'delete'))) ?? 'done');
      }
      return outcomes;
    },
  };

  return {
    assertAllowed,
    bulk,

    /** Reactivates an inactive record the rule allows (toggle); an active one is only touched. */
    async activate(id: number): Promise<Row> {
      const current = await reads.getRecord(id);
      if (current.deletedAt) {
        await refuse(current, 'toggle');
        await beforeActivate?.(current);
      }
      if (!(await guardUniqueName(() => writes.activate(id), unique)))
        await refuseChanged(id, 'toggle', true);
      return reads.get(id);
    },

    /** `DELETE` without hardDelete: soft delete. */
    async deactivate(id: number): Promise<void> {
      const current = await reads.getRecord(id);
      if (current.deletedAt) return;
      await refuse(current, 'toggle');
      if (!(await writes.deactivate(id))) await refuseChanged(id, 'toggle');
    },

    /** `DELETE ?hardDelete=true`; the record's files go after the row is gone. */
    async deletePermanently(id: number): Promise<void> {
      const current = await reads.getRecord(id);
      await refuse(current, 'delete');
      const keys = files?.keysOf(current) ?? [];
      const release = files && ((tx: Database) => files.store.releaseFiles(tx, keys));
      if (!(await writes.deleteInactive(id, release))) return refuseChanged(id, 'delete');
      if (files) await files.store.removeReleased(keys);
    },
  };
}

/** A resource's unique constraints besides its name, each with the code a violation answers. */
export type UniqueCodes = { [constraint: string]: ErrorCode };

/**
 * Runs a save that may hit the resource's unique name (ignoring case and accents): taken is a 409
 * `NAME_TAKEN`. A resource with other unique columns maps their constraints to their codes
 * (`{ organizations_cnpj_key: ErrorCode.CNPJ_TAKEN }`); any other is the name.
 */
export async function guardUniqueName<T>(write: () => Promise<T>, codes: UniqueCodes = {}): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const constraint = violatedConstraint(error);
    throw new AppError((constraint ? codes[constraint] : undefined) ?? ErrorCode.NAME_TAKEN);
  }
}

/** The constraint a refused write broke, as PostgreSQL names it (directly or as the cause). */
function violatedConstraint(error: unknown): string | undefined {
  const { constraint, cause } = error as { constraint?: string; cause?: { constraint?: string } };
  return constraint ?? cause?.constraint;
}
