import type { UserRow } from '@scentia/shared/users.schemas';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { profiles, users } from '../../db/schema/index.ts';
import type { ListPlan } from '../../lib/list-query.ts';
import { optionalAddressRow } from '../../lib/resource-kit/record-address.ts';
import { updateRecord } from '../../lib/resource-kit/record-writes.ts';
import { UsersListQueries } from './users-list.queries.ts';
import { selectUsers, type UserRecord } from './users-select.ts';

/** The API shape of a user (spec §3 User). */
export function toUserRow(record: UserRecord): UserRow {
  return {
    id: record.id,
    nome: record.name,
    email: record.email,
    cpf: record.cpf,
    document: record.document,
    genre: (record.genre as UserRow['genre']) ?? null,
    birthday: record.birthday,
    profile: { id: record.profileId, nome: record.profileName },
    address: optionalAddressRow(record),
    ativo: record.deletedAt === null,
    confirmedAt: record.confirmedAt?.toISOString() ?? null,
    deletedAt: record.deletedAt?.toISOString() ?? null,
    anonymizedAt: record.anonymizedAt?.toISOString() ?? null,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}

export type UserValues = {
  name: string;
  email: string;
  cpf: string | null;
  document: string | null;
  genre: string | null;
  birthday: string | null;
  profileId: number;
  street: string | null;
  city: string | null;
  state: string | null;
  zipcode: string | null;
  country: string | null;
};

export class UsersRepository {
  private readonly listQueries: UsersListQueries;

  constructor(
    readonly db: Database,
    plannedOnceDb = db,
  ) {
    this.listQueries = new UsersListQueries({ db, plannedOnceDb });
  }

  transaction<T>(work: (repository: UsersRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new UsersRepository(tx as unknown as Database)));
  }

  /** One page of the users list and its total (users-list.queries.ts). */
  list(plan: ListPlan) {
    return this.listQueries.list(plan);
  }

  /**
   * The ids of every user the list shows for the plan's search and state, in its order, at most
   * `limit` (the bulk actions' "all N that match").
   */
  async ids(plan: ListPlan, limit: number): Promise<number[]> {
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .innerJoin(profiles, eq(users.profileId, profiles.id))
      .where(UsersListQueries.boundConditions(plan))
      .orderBy(...plan.orderBy)
      .limit(limit);
    return rows.map((row) => row.id);
  }

  /**
   * The whole filtered, sorted result in batches, read by keyset (sort value, id) rather than OFFSET,
   * so the millionth row costs what the first did. The sort value travels as text so that timestamps
   * keep their microseconds between batches.
   */
  async *batches(plan: ListPlan, size = 2_000): AsyncGenerator<UserRecord[]> {
    const where = UsersListQueries.boundConditions(plan);
    let after: { sortKey: string; id: number } | undefined;
    for (;;) {
      const compare = plan.isAscending ? sql.raw('>') : sql.raw('<');
      const keyset = after
        ? sql`(${plan.sortColumn}, ${users.id}) ${compare} (${after.sortKey}, ${after.id})`
        : undefined;
      const rows = await selectUsers(this.db, { sortKey: sql<string>`(${plan.sortColumn})::text` })
        .where(and(where, keyset))
        .orderBy(...plan.orderBy)
        .limit(size);
      if (rows.length > 0) yield rows;
      if (rows.length < size) return;
      const last = rows[rows.length - 1] as (typeof rows)[number];
      after = { sortKey: last.sortKey, id: last.id };
    }
  }

  /**
   * Notes in the trail that the caller read users' personal data (who, when and from where are the
   * event's, `note` says what): one user opened, under that user; the spreadsheet, once for the whole
   * export under `user`/`export`. A list page records nothing: it would cost a write per browse.
   */
  async recordRead(recordId: string, note: Readonly<Record<string, unknown>>): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`select audit_note('user', ${recordId}, 'user_reads', ${recordId}, null,
        ${JSON.stringify(note)}::jsonb)`);
    });
  }

  async findById(id: number) {
    const [record] = await selectUsers(this.db).where(eq(users.id, id));
    return record;
  }

  /** The users of `ids`, read at once (a bulk action's chunk); an unknown id has none. */
  findMany(ids: number[]): Promise<UserRecord[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return selectUsers(this.db).where(inArray(users.id, ids));
  }

  async findProfile(reference: { id: number } | { name: string }) {
    const [profile] = await this.db
      .select({ id: profiles.id, name: profiles.name })
      .from(profiles)
      .where(
        'id' in reference
          ? eq(profiles.id, reference.id)
          : sql`upper(${profiles.name}) = upper(${reference.name})`,
      );
    return profile;
  }

  /** Inserts a user (unconfirmed, no password yet); undefined when the e-mail is taken. */
  async insert(values: UserValues & { language: string; isActive: boolean }): Promise<number | undefined> {
    const { isActive, ...columns } = values;
    const [row] = await this.db
      .insert(users)
      .values({ ...columns, deletedAt: isActive ? null : new Date() })
      .onConflictDoNothing()
      .returning({ id: users.id });
    return row?.id;
  }

  /** False when the user is gone or is no longer `version` (the `updatedAt` the save was based on). */
  update(id: number, values: Partial<UserValues>, version?: string): Promise<boolean> {
    return updateRecord(this.db, users, id, values, version);
  }

  async setActive(id: number, isActive: boolean): Promise<void> {
    await this.db
      .update(users)
      .set({ deletedAt: isActive ? null : new Date(), updatedAt: new Date() })
      .where(eq(users.id, id));
  }

  /**
   * `setActive` of many users in one statement (a bulk action's chunk), each row still held by the
   * part of the toggle rule a row can change on meanwhile: confirmed, not erased, not already as asked.
   * The ids written.
   */
  async setActiveMany(ids: number[], isActive: boolean): Promise<number[]> {
    if (ids.length === 0) return [];
    const now = new Date();
    const rows = await this.db
      .update(users)
      .set({ deletedAt: isActive ? null : now, updatedAt: now })
      .where(
        and(
          inArray(users.id, ids),
          isActive ? isNotNull(users.deletedAt) : isNull(users.deletedAt),
          isNotNull(users.confirmedAt),
          isNull(users.anonymizedAt),
        ),
      )
      .returning({ id: users.id });
    return rows.map((row) => row.id);
  }

  /** `deleteUnconfirmed` of many users in one statement (a bulk action's chunk); the ids deleted. */
  async deleteUnconfirmedMany(ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .delete(users)
      .where(and(inArray(users.id, ids), isNull(users.confirmedAt)))
      .returning({ id: users.id });
    return rows.map((row) => row.id);
  }

  /** Deletes an unconfirmed user; false when it is gone or was confirmed meanwhile. */
  async deleteUnconfirmed(id: number): Promise<boolean> {
    const rows = await this.db
      .delete(users)
      .where(and(eq(users.id, id), isNull(users.confirmedAt)))
      .returning({ id: users.id });
    return rows.length === 1;
  }
}
