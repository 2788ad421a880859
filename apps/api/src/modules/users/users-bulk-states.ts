import { ErrorCode } from '@scentia/shared/error-codes';
import { requireAccess } from '../../lib/access-policy.ts';
import type { Account } from '../../lib/account.ts';
import { AppError } from '../../lib/app-error.ts';
import { type RowOutcome, refusalOf, settleWritten, sortByRule } from '../../lib/resource-kit/bulk-chunks.ts';
import type { UsersRepository } from './users.repository.ts';
import type { UserRecord } from './users-select.ts';

type UserPermission = 'users.toggle' | 'users.delete';

/**
 * Users' activate, deactivate and delete for good of a bulk action's chunk, as the single commands
 * (`setActive`, `remove`) decide each row: the same rule (packages/shared users.rules.ts, through
 * `requireAccess`: only an ADMIN, never their own account, confirmed and not erased to toggle,
 * unconfirmed to delete), then the allowed rows written by one statement that holds the part of the
 * rule a row can change on meanwhile. A user already as asked is `unchanged`, as bulk actions answer.
 * Deactivating ends the user's sessions as the single command does: the session check and the
 * refresh refuse an inactive account.
 */
export function userBulkStates(repository: UsersRepository) {
  /** After the statement skipped a user the rule allowed: the rule on the user as it is now. */
  async function changedOutcome(
    id: number,
    actor: Account,
    permission: UserPermission,
    isAsked: (record: UserRecord) => boolean,
  ): Promise<RowOutcome> {
    const record = await repository.findById(id);
    if (!record) return new AppError(ErrorCode.NOT_FOUND);
    if (isAsked(record)) return 'unchanged';
    return (
      (await refusalOf(() => requireAccess(actor, permission, record))) ?? new AppError(ErrorCode.CONFLICT)
    );
  }

  async function toggle(actor: Account, records: UserRecord[], isActive: boolean) {
    const outcomes = new Map<number, RowOutcome>();
    const isAsked = (record: UserRecord) => (record.deletedAt === null) === isActive;
    const allowed = await sortByRule(records, outcomes, {
      isAsked,
      check: (record) => requireAccess(actor, 'users.toggle', record),
    });
    const ids = allowed.map((record) => record.id);
    if (ids.length === 0) return outcomes;
    const written = await repository.transaction((tx) => tx.setActiveMany(ids, isActive));
    return settleWritten(outcomes, ids, written, (id) => changedOutcome(id, actor, 'users.toggle', isAsked));
  }

  return {
    activate: (actor: Account, records: UserRecord[]) => toggle(actor, records, true),
    deactivate: (actor: Account, records: UserRecord[]) => toggle(actor, records, false),

    /** Delete for good: unconfirmed users only (confirmed ones are deactivated instead), by an ADMIN. */
    async delete(actor: Account, records: UserRecord[]): Promise<Map<number, RowOutcome>> {
      const outcomes = new Map<number, RowOutcome>();
      const allowed = await sortByRule(records, outcomes, {
        isAsked: () => false,
        check: (record) => requireAccess(actor, 'users.delete', record),
      });
      const ids = allowed.map((record) => record.id);
      if (ids.length === 0) return outcomes;
      const deleted = await repository.transaction((tx) => tx.deleteUnconfirmedMany(ids));
      return settleWritten(outcomes, ids, deleted, (id) =>
        changedOutcome(id, actor, 'users.delete', () => false),
      );
    },
  };
}
