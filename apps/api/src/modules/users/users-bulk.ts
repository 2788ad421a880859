import type { UserRow } from '@scentia/shared/users.schemas';
import type { Account } from '../../lib/account.ts';
import { AppError } from '../../lib/app-error.ts';
import type { BulkDeclaration } from '../../lib/resource-kit/bulk-actions.ts';
import type { UsersService } from './users.service.ts';

/** The account service's resend of the confirmation mail (modules/auth), handed over by the app. */
export type ResendConfirmation = (actor: Account, userId: number) => Promise<void>;

/** The user, or none when the id is unknown. */
async function found(service: UsersService, id: number): Promise<UserRow | undefined> {
  try {
    return await service.get(id);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) return undefined;
    throw error;
  }
}

/**
 * Users' bulk actions, each row through the user's own command and its rule (packages/shared
 * users.rules.ts): only an ADMIN toggles or deletes, so another caller's rows are refused one by one
 * with ADMIN_ONLY; a confirmed user's resend is refused with ALREADY_CONFIRMED.
 */
export function usersBulk(service: UsersService, resend: ResendConfirmation): BulkDeclaration<UserRow> {
  return {
    recordType: 'user',
    selection: {
      rows: async (ids) =>
        (await Promise.all(ids.map((id) => found(service, id)))).filter((row) => row !== undefined),
    },
    idOf: (row) => row.id,
    nameOf: (row) => row.nome,
    actions: {
      activate: async (row, _values, { account }) => {
        if (row.ativo) return 'unchanged';
        await service.setActive(account, row.id, true);
        return 'done';
      },
      deactivate: async (row, _values, { account }) => {
        if (!row.ativo) return 'unchanged';
        await service.setActive(account, row.id, false);
        return 'done';
      },
      delete: async (row, _values, { account }) => {
        await service.remove(account, row.id);
        return 'done';
      },
      resendConfirmation: async (row, _values, { account }) => {
        await resend(account, row.id);
        return 'done';
      },
    },
  };
}
