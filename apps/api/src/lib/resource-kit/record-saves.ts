import { ErrorCode } from '@scentia/shared/error-codes';
import type { AccessScope } from '../access-scope.ts';
import { AppError } from '../app-error.ts';
import { guardUniqueName, type UniqueCodes } from './record-states.ts';

/** A body a form saves: on an update, the version (`updatedAt`) the form loaded. */
export type SavedBody = { updatedAt?: string };

/**
 * What a save writes through, on the transaction's handle: the kit repository's insert and update of
 * the record's own columns (`KitRepository`), and its reader (a refused update reads the record again).
 */
export type SavingRepository<Record, Values> = {
  insert(values: Values): Promise<number>;
  update(id: number, values: Values, version?: string): Promise<boolean>;
  reader: { findById(id: number): Promise<Record | undefined> };
};

export type RecordSaves<Record, Row, Body extends SavedBody, Values, Repository> = {
  /** `recordReads`: the record or a 404, and its answer. */
  reads: {
    getRecord(id: number, scope?: AccessScope): Promise<Record>;
    get(id: number): Promise<Row>;
  };
  /** The resource's repository (a `KitRepository`): a save's writes run in one `transaction` on it. */
  repository: Repository & { transaction<T>(work: (tx: Repository) => Promise<T>): Promise<T> };
  /** `recordStates`' `assertAllowed`: an update of a record its shared rule may not `edit` is its 409. */
  states: { assertAllowed(record: Record, action: 'edit'): void };
  /** Unique constraints besides the name and their codes (`{ organizations_cnpj_key: CNPJ_TAKEN }`). */
  unique?: UniqueCodes;
  /**
   * Runs first in each save's transaction: locks what the record refers to (`lockActive`), and throws
   * when that is inactive or unknown (a location's organisation).
   */
  lockReferences?: (tx: Repository, body: Body) => Promise<void>;
  /** Checks an update against the loaded record beyond its rule (what a member may change). */
  beforeUpdate?: (record: Record, body: Body, scope?: AccessScope) => void;
  /**
   * The body as the record's own columns (`valuesOf`): the kit inserts them, and updates them while the
   * record is still `body.updatedAt`, through the repository's `insert` and `update`.
   */
  values: (body: Body) => Values;
  /** Writes the record's child rows (its translations) after its own, on a create and an update. */
  children?: (tx: Repository, id: number, body: Body) => Promise<void>;
};

/**
 * A service's create and update: the resource declares its columns (`values`) and child rows, the kit
 * writes them in one transaction (after `lockReferences`), answers a taken name or unique column with its 409, a save
 * based on an older version with 409 `STALE_RECORD`, a record its rule may not edit with the rule's
 * 409 (checked again when the update wrote nothing), one deleted meanwhile with 404, and the saved
 * record as the reads answer it.
 */
export function recordSaves<
  Record,
  Row,
  Body extends SavedBody,
  Values,
  Repository extends SavingRepository<Record, Values>,
>(options: RecordSaves<Record, Row, Body, Values, Repository>) {
  const { reads, repository, states, unique, lockReferences, beforeUpdate, values, children } = options;

  const save = <T>(body: Body, write: (tx: Repository) => Promise<T>) =>
    guardUniqueName(
      () =>
        repository.transaction(async (tx) => {
          await lockReferences?.(tx, body);
          return write(tx);
        }),
      unique,
    );

  return {
    async create(body: Body): Promise<Row> {
      const id = await save(body, async (tx) => {
        const created = await tx.insert(values(body));
        await children?.(tx, created, body);
        return created;
      });
      return reads.get(id);
    },

    /** A member's update reaches their `scope`'s records only (another's is a 404). */
    async update(id: number, body: Body, scope?: AccessScope): Promise<Row> {
      const record = await reads.getRecord(id, scope);
      states.assertAllowed(record, 'edit');
      beforeUpdate?.(record, body, scope);
      await save(body, async (tx) => {
        // The update checks the version in the statement that locks the row: of two saves based on the
        // same version, the second finds the first's. A record deleted meanwhile is a 404, one
        // deactivated meanwhile its rule's 409.
        if (!(await tx.update(id, values(body), body.updatedAt))) {
          await refuseUnwrittenUpdate(states, await tx.reader.findById(id));
        }
        await children?.(tx, id, body);
      });
      return reads.get(id);
    },
  };
}

/**
 * Why an update that wrote nothing was refused, from the record read again in its transaction: gone
 * meanwhile (404), no longer to be edited by its rule (deactivated meanwhile: the rule's 409), or
 * newer than the version the form loaded (409 `STALE_RECORD`). A service whose update is its own (an
 * image staged first: fragrances, campaigns) answers with it too.
 */
export async function refuseUnwrittenUpdate<Record>(
  states: { assertAllowed(record: Record, action: 'edit'): void },
  current: Record | undefined,
): Promise<never> {
  if (!current) throw new AppError(ErrorCode.NOT_FOUND);
  states.assertAllowed(current, 'edit');
  throw new AppError(ErrorCode.STALE_RECORD);
}
