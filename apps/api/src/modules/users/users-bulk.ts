import type { Account } from '../../lib/account.ts';
import type { BulkDeclaration, BulkRun } from '../../lib/resource-kit/bulk-actions.ts';
import type { RowOutcome } from '../../lib/resource-kit/bulk-chunks.ts';
import type { UsersService } from './users.service.ts';
import type { UserRecord } from './users-select.ts';

/**
 * The account service's resend of the confirmation mail for a bulk action's chunk (modules/auth),
 * handed over by the app: once per user and action, however often the chunk is sent.
 */
export type ResendConfirmations = (
  actor: Account,
  userIds: number[],
  run: BulkRun,
) => Promise<Map<number, RowOutcome>>;

/**
 * Users' bulk actions, every one a chunk at once under the rule of the user's own command
 * (packages/shared users.rules.ts): only an ADMIN toggles or deletes, so another caller's rows are
 * refused one by one with ADMIN_ONLY; a confirmed user's resend is refused with ALREADY_CONFIRMED. The
 * chunk's users are read once, for the answer's names and the rule alike.
 */
export function usersBulk(service: UsersService, resend: ResendConfirmations): BulkDeclaration<UserRecord> {
  const states = service.bulkStates;
  return {
    recordType: 'user',
    selection: service.selection,
    idOf: (record) => record.id,
    nameOf: (record) => record.name,
    actions: {},
    chunkActions: {
      activate: (records, _values, { account }) => states.activate(account, records),
      deactivate: (records, _values, { account }) => states.deactivate(account, records),
      delete: (records, _values, { account }) => states.delete(account, records),
      resendConfirmation: (records, _values, { account }, run) =>
        resend(
          account,
          records.map((record) => record.id),
          run,
        ),
    },
  };
}
