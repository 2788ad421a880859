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
import { userValuesOf } from './user-values.ts';
import { userImport } from './users.import.ts';
import { toUserRow, UsersRepository } from './users.repository.ts';
import { userBulkStates } from './users-bulk-states.ts';
import { type UserRecord, usersList } from './users-select.ts';

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

/** The trail's record id of the users spreadsheet's exports (the trail's own export is `audit`/`export`). */
const EXPORT_RECORD_ID = 'export';

/**
 * Users. Who may edit, toggle or delete which user, and give which profile (spec §4/§6), is decided by
 * the access policy (lib/access-policy.ts, on the row rules of packages/shared/src/users.rules.ts),
 * whatever the client shows.
 */
export function createUsersService(deps: UsersServiceDeps) {
  const { repository } = deps;
  const service = createService(deps);
  return {
    ...service,
    /**
     * The spreadsheet import, whose rows are saved by this service's create and update on the apply's
     * transaction, as its caller: a new account's registration mail is queued there, once.
     */
    importer: {
      db: repository.db,
      declaration: userImport({
        saves: (db, caller) => {
          const saves = createService({ ...deps, repository: new UsersRepository(db) });
          const actor = caller.account;
          if (!actor) throw new AppError(ErrorCode.UNAUTHENTICATED);
          return {
            create: (body: UserBody) => saves.create(actor, body, caller.language),
            update: (id: number, body: UserBody) => saves.update(actor, id, body),
          };
        },
        afterApply: deps.nudgeMail,
      }),
    },
  };
}

function createService(deps: UsersServiceDeps) {
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

  return {
    async list(query: ListQuery) {
      const plan = planList(query, usersList);
      const { records, total, totalIsEstimate } = await repository.list(plan);
      return toPage(records.map(toUserRow), total, plan.perPage, totalIsEstimate);
    },

    /** What a bulk action reads: the users of a chunk, at once (an unknown id has none). */
    selection: { rows: (ids: number[]) => repository.findMany(ids) },

    /** Activate, deactivate and delete for good of a bulk action's chunk (users-bulk-states.ts). */
    bulkStates: userBulkStates(repository),

    /** The ids of every user the list shows for `query`, at most `limit` (`POST /usuario/bulk/ids`). */
    matchingIds(query: ListQuery, limit: number): Promise<number[]> {
      return repository.ids(planList(query, usersList), limit);
    },

    /**
     * Every user the list would show with this search and sort, for the spreadsheet. Once the rows are
     * sent (or the download is cut short), one event records the export, its filter and how many rows
     * left: a spreadsheet of CPFs and addresses leaves a trace as opening one record does.
     */
    exportBatches(query: ListQuery): AsyncGenerator<UserRecord[]> {
      // Planned now, so that a refused sort answers 400 before the download starts.
      const plan = planList(query, usersList);
      const { search, FilterString, isActive } = query;
      const note = (count: number) => ({ read: 'xlsx', search, FilterString, isActive, count });
      return (async function* () {
        let count = 0;
        try {
          for await (const batch of repository.batches(plan)) {
            count += batch.length;
            yield batch;
          }
        } finally {
          await repository.recordRead(EXPORT_RECORD_ID, note(count));
        }
      })();
    },

    async get(id: number): Promise<UserRow> {
      return toUserRow(await getRecord(id));
    },

    /**
     * One user opened by someone (`GET /usuario/{id}`), with their CPF, address and birthday: the read
     * is recorded under them. `get` is the same answer without the note, for a call that already
     * records what it does (an anonymisation answers the user it changed).
     */
    async open(id: number): Promise<UserRow> {
      const row = toUserRow(await getRecord(id));
      await repository.recordRead(String(id), { read: 'record' });
      return row;
    },

    /** Creates an unconfirmed user and sends the registration mail (`/auth/cadastrar-senha?t=`). */
    async create(actor: Account, body: UserBody, language: Language): Promise<UserRow> {
      const profile = await resolveProfile(actor, body.profile);
      const values = userValuesOf(body, profile.id);
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
          if (!(await tx.update(id, userValuesOf(body, profile.id), body.updatedAt))) {
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
