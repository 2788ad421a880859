import { cepDigits, normalizeTaxId } from '@scentia/shared/br-documents';
import { ErrorCode } from '@scentia/shared/error-codes';
import type { ListQuery } from '@scentia/shared/list.schemas';
import type { Language } from '@scentia/shared/locales';
import type { UserBody, UserRow } from '@scentia/shared/users.schemas';
import type { Database } from '../../db/client.ts';
import { requireAccess } from '../../lib/access-policy.ts';
import type { Account } from '../../lib/account.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { planList, toPage } from '../../lib/list-query.ts';
import { toUserRow, type UsersRepository, type UserValues } from './users.repository.ts';
import { usersList } from './users-select.ts';

export type UsersServiceDeps = {
  repository: UsersRepository;
  /** Queues the registration mail of a new user inside the caller's transaction. */
  queueRegistrationMail: (
    db: Database,
    person: { id: number; name: string; email: string; language: string },
  ) => Promise<void>;
  /** Delivers queued mails soon, once the transaction has committed. */
  nudgeMail: () => void;
};

/**
 * Users. Who may edit, toggle or delete which user, and give which profile (spec §4/§6), is decided by
 * the access policy (lib/access-policy.ts, on the row rules of packages/shared/src/users.rules.ts),
 * whatever the client shows.
 */
export function createUsersService(deps: UsersServiceDeps) {
  const { repository } = deps;

  async function getRecord(id: number) {
    const record = await repository.findById(id);
    if (!record) throw new AppError(ErrorCode.NOT_FOUND);
    return record;
  }

  async function resolveProfile(actor: Account, reference: UserBody['profile']) {
    const lookup =
      typeof reference === 'string'
        ? { name: reference }
        : 'nome' in reference
          ? { name: reference.nome }
          : reference;
    const profile = await repository.findProfile(lookup);
    if (!profile) throw new AppError(ErrorCode.PROFILE_NOT_FOUND);
    requireAccess(actor, 'profiles.assign', { profileId: profile.id });
    return profile;
  }

  function valuesOf(body: UserBody, profileId: number): UserValues {
    const address = body.address;
    const isBrazil = address?.country === 'BR';
    return {
      name: body.nome,
      email: body.email,
      // Tax ids are kept without punctuation (and only for Brazil, where they are validated).
      cpf: isBrazil && body.cpf ? normalizeTaxId(body.cpf) : null,
      document: body.document,
      genre: body.genre,
      birthday: body.birthday,
      profileId,
      country: address?.country ?? null,
      zipcode: address?.zipcode ? (isBrazil ? cepDigits(address.zipcode) : address.zipcode) : null,
      street: address?.street ?? null,
      city: address?.city ?? null,
      state: address?.state ?? null,
    };
  }

  return {
    async list(query: ListQuery) {
      const plan = planList(query, usersList);
      const { records, total, totalIsEstimate } = await repository.list(plan);
      return toPage(records.map(toUserRow), total, plan.perPage, totalIsEstimate);
    },

    /** Every user the list would show with this search and sort, for the spreadsheet. */
    exportBatches(query: ListQuery) {
      return repository.batches(planList(query, usersList));
    },

    async get(id: number): Promise<UserRow> {
      return toUserRow(await getRecord(id));
    },

    /** Creates an unconfirmed user and sends the registration mail (`/auth/cadastrar-senha?t=`). */
    async create(actor: Account, body: UserBody, language: Language): Promise<UserRow> {
      const profile = await resolveProfile(actor, body.profile);
      const values = valuesOf(body, profile.id);
      const id = await repository.transaction(async (tx) => {
        const created = await tx.insert({ ...values, language, isActive: body.ativo ?? true });
        if (!created) throw new AppError(ErrorCode.EMAIL_TAKEN);
        await deps.queueRegistrationMail(tx.db, {
          id: created,
          name: values.name,
          email: values.email,
          language,
        });
        return created;
      });
      deps.nudgeMail();
      return toUserRow(await getRecord(id));
    },

    async update(actor: Account, id: number, body: UserBody): Promise<UserRow> {
      const current = await getRecord(id);
      requireAccess(actor, 'users.edit', current);
      const profile = await resolveProfile(actor, body.profile);
      const wantsActive = body.ativo ?? current.deletedAt === null;
      const isStateChange = wantsActive !== (current.deletedAt === null);
      if (isStateChange) requireAccess(actor, 'users.toggle', current);
      await repository.transaction(async (tx) => {
        try {
          // A save based on an older version than the row's (someone saved in between) writes nothing.
          if (!(await tx.update(id, valuesOf(body, profile.id), body.updatedAt))) {
            throw new AppError(ErrorCode.STALE_RECORD);
          }
        } catch (error) {
          if (isUniqueViolation(error)) throw new AppError(ErrorCode.EMAIL_TAKEN);
          throw error;
        }
        if (isStateChange) await tx.setActive(id, wantsActive);
      });
      return toUserRow(await getRecord(id));
    },

    async setActive(actor: Account, id: number, isActive: boolean): Promise<UserRow> {
      requireAccess(actor, 'users.toggle', await getRecord(id));
      await repository.transaction((tx) => tx.setActive(id, isActive));
      return toUserRow(await getRecord(id));
    },

    async remove(actor: Account, id: number): Promise<void> {
      requireAccess(actor, 'users.delete', await getRecord(id));
      if (!(await repository.transaction((tx) => tx.deleteUnconfirmed(id))))
        throw new AppError(ErrorCode.USER_CONFIRMED);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
