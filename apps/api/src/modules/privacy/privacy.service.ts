import { ErrorCode } from '@scentia/shared/error-codes';
import type { AnonymisedUser, PersonalData } from '@scentia/shared/privacy.schemas';
import type { UserRow } from '@scentia/shared/users.schemas';
import type { Account } from '../../lib/account.ts';
import { AppError } from '../../lib/app-error.ts';
import { anonymiseAccount } from './anonymise-account.ts';
import type { PrivacyRepository } from './privacy.repository.ts';

/**
 * A person's rights over their data (LGPD art. 18), exercised for them by an ADMIN: what is held
 * about them, and its erasure on request; and the erasure of a client's contact person.
 */
export function createPrivacyService(deps: {
  repository: PrivacyRepository;
  /** The account as the users screens show it (the users module's read, composed in services.ts). */
  readUser: (id: number) => Promise<UserRow>;
}) {
  const { repository, readUser } = deps;

  return {
    /**
     * Everything held about the account, its read recorded in the trail before it is answered: nobody
     * reads a person's whole record without a trace (who, whose, when, in which form).
     */
    async personalData(userId: number, format: 'json' | 'xlsx', now = new Date()): Promise<PersonalData> {
      const data = await repository.personalData(userId, now);
      if (!data) throw new AppError(ErrorCode.NOT_FOUND);
      await repository.recordRead(userId, format);
      return data;
    },

    /** Erases the account's personal data; an ADMIN cannot erase their own (they would lock themselves out). */
    async anonymise(actor: Account, userId: number, now = new Date()): Promise<AnonymisedUser> {
      if (actor.id === userId) throw new AppError(ErrorCode.SELF_ANONYMISATION);
      await anonymiseAccount({ db: repository.db, userId, now });
      return { ...(await readUser(userId)), anonymizedAt: now.toISOString() };
    },

    /**
     * Erases an organisation's contact person on request (they are not an account:
     * docs/decisions/organisations.md). Idempotent: an organisation without contact data is erased again with
     * no change.
     */
    async eraseContact(organizationId: number): Promise<void> {
      if (!(await repository.eraseContact(organizationId))) throw new AppError(ErrorCode.NOT_FOUND);
    },
  };
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;
