import { ErrorCode } from '@scentia/shared/error-codes';
import type { AccessScope } from '../access-scope.ts';
import { AppError } from '../app-error.ts';
import { guardUniqueName, type UniqueCodes } from './record-states.ts';

/** A body a form saves: on an update, the version (`updatedAt`) the form loaded. */
type SavedBody = { updatedAt?: string };

type RecordSaves<Record, Row, Body extends SavedBody, Repository> = {
  /** `recordReads`: the record or a 404, and its answer. */
  reads: {
    getRecord(id: number, scope?: AccessScope): Promise<Record>;
    get(id: number): Promise<Row>;
  };
  /** The resource's repository: a save's writes run in one `transaction` on it. */
  repository: { transaction<T>(work: (tx: Repository) => Promise<T>): Promise<T> };
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
  /** Writes a new record's rows (its own columns, then its child rows); answers its id. */
  insert: (tx: Repository, body: Body) => Promise<number>;
  /**
   * Writes a record's rows when it is still `body.updatedAt` (`updateRecord`'s version check first);
   * false when the row is gone or was saved meanwhile.
   */
  update: (tx: Repository, id: number, body: Body) => Promise<boolean>;
};

/**
 * A service's create and update: the resource declares its writes, the kit runs them in one
 * transaction (after `lockReferences`), answers a taken name or unique column with its 409, a save
 * based on an older version with 409 `STALE_RECORD`, a record its rule may not edit with the rule's
 * 409, and the saved record as the reads answer it.
 */
export function recordSaves<Record, Row, Body extends SavedBody, Repository>(
  options: RecordSaves<Record, Row, Body, Repository>,
) {
  const { reads, repository, states, unique, lockReferences, beforeUpdate, insert, update } = options;

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
      const id = await save(body, (tx) => insert(tx, body));
      return reads.get(id);
    },

    /** A member's update reaches their `scope`'s records only (another's is a 404). */
    async update(id: number, body: Body, scope?: AccessScope): Promise<Row> {
      const record = await reads.getRecord(id, scope);
      states.assertAllowed(record, 'edit');
      beforeUpdate?.(record, body, scope);
      await save(body, async (tx) => {
        if (!(await update(tx, id, body))) throw new AppError(ErrorCode.STALE_RECORD);
      });
      return reads.get(id);
    },
  };
}
