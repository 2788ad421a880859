import { SEARCH_COUNT_CAP } from '@scentia/shared/list.schemas';
import type { UserRow } from '@scentia/shared/users.schemas';
import { and, asc, count, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { profiles, users } from '../../db/schema/index.ts';
import type { ListDefinition, ListPlan } from '../../lib/list-query.ts';
import { countRows, rowCountOf } from '../../lib/row-counts.ts';
import { wordPrefixQuery } from '../../lib/search-text.ts';

/** The sorts the users list accepts: the spec's dotted names and plain field names. */
export const usersList: ListDefinition = {
  sortable: {
    'User.Nome': users.searchText,
    nome: users.searchText,
    'User.Email': users.email,
    email: users.email,
    'User.CreatedAt': users.createdAt,
    createdAt: users.createdAt,
    'User.Id': users.id,
    id: users.id,
    'Profile.Nome': profiles.name,
    profile: profiles.name,
  },
  defaultSort: 'User.CreatedAt',
  tieBreaker: users.id,
};

const rowColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  cpf: users.cpf,
  document: users.document,
  genre: users.genre,
  birthday: users.birthday,
  street: users.street,
  city: users.city,
  state: users.state,
  zipcode: users.zipcode,
  country: users.country,
  language: users.language,
  passwordHash: users.passwordHash,
  confirmedAt: users.confirmedAt,
  deletedAt: users.deletedAt,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  profileId: profiles.id,
  profileName: profiles.name,
};

/** A user row as the repository reads it (with its profile). */
export type UserRecord = NonNullable<Awaited<ReturnType<UsersRepository['findById']>>>;

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
    address: record.country
      ? {
          zipcode: record.zipcode,
          street: record.street,
          city: record.city,
          state: record.state,
          country: record.country,
        }
      : null,
    ativo: record.deletedAt === null,
    confirmedAt: record.confirmedAt?.toISOString() ?? null,
    deletedAt: record.deletedAt?.toISOString() ?? null,
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
  constructor(readonly db: Database) {}

  transaction<T>(work: (repository: UsersRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new UsersRepository(tx as unknown as Database)));
  }

  private filters(plan: Pick<ListPlan, 'search' | 'isActive'>): SQL | undefined {
    const state =
      plan.isActive === true
        ? isNull(users.deletedAt)
        : plan.isActive === false
          ? isNotNull(users.deletedAt)
          : undefined;
    if (!plan.search?.trim()) return state;
    // A search with no word of two or more letters or digits ("%%%") matches nobody.
    const query = wordPrefixQuery(plan.search);
    return and(state, query ? sql`${users.searchWords} @@ ${query}::tsquery` : sql`false`);
  }

  /**
   * Searched names and e-mails are sorted after matching, never by walking their index: the planner
   * expects matches spread evenly along the names, but "mariana" matches cluster where the names start
   * with it, and walking there from "a" read 650,000 rows (1.7 s) at a million users.
   */
  private orderFor(plan: ListPlan): SQL[] {
    const isCorrelated = plan.sortColumn === users.searchText || plan.sortColumn === users.email;
    if (!plan.search || !isCorrelated) return plan.orderBy;
    const direction = plan.isAscending ? asc : desc;
    return [direction(sql`(${plan.sortColumn} || '')`), direction(users.id)];
  }

  /**
   * One page and the total. Without a search the total comes from the trigger-kept counters, in the
   * page's own statement. With one, the page and a count run side by side, and matches are counted up
   * to SEARCH_COUNT_CAP + 1 only: counting every match of a broad word ("mariana": 29,000 of a
   * million) reads a table page per match.
   */
  async list(plan: ListPlan): Promise<{ records: UserRecord[]; total: number; totalIsCapped: boolean }> {
    const where = this.filters(plan);
    const page = <Extra extends Record<string, SQL>>(extra: Extra) =>
      this.db
        .select({ ...rowColumns, ...extra })
        .from(users)
        .innerJoin(profiles, eq(users.profileId, profiles.id))
        .where(where)
        .orderBy(...this.orderFor(plan))
        .limit(plan.limit)
        .offset(plan.offset);
    if (!plan.search?.trim()) {
      const rows = await page({ total: rowCountOf('users', plan.isActive) });
      // Past the last page there is no row to carry the total.
      const total = rows[0]?.total ?? (await countRows(this.db, 'users', plan.isActive));
      return { records: rows, total, totalIsCapped: false };
    }
    const matches = this.db
      .select({ id: users.id })
      .from(users)
      .where(where)
      .limit(SEARCH_COUNT_CAP + 1)
      .as('matches');
    const [records, [counted]] = await Promise.all([
      page({}),
      this.db.select({ total: count() }).from(matches),
    ]);
    const total = counted?.total ?? 0;
    return {
      records,
      total: Math.min(total, SEARCH_COUNT_CAP),
      totalIsCapped: total > SEARCH_COUNT_CAP,
    };
  }

  /**
   * The whole filtered, sorted result in batches, read by keyset (sort value, id) rather than OFFSET,
   * so the millionth row costs what the first did. The sort value travels as text so that timestamps
   * keep their microseconds between batches.
   */
  async *batches(plan: ListPlan, size = 2_000): AsyncGenerator<UserRecord[]> {
    const where = this.filters(plan);
    let after: { sortKey: string; id: number } | undefined;
    for (;;) {
      const compare = plan.isAscending ? sql.raw('>') : sql.raw('<');
      const keyset = after
        ? sql`(${plan.sortColumn}, ${users.id}) ${compare} (${after.sortKey}, ${after.id})`
        : undefined;
      const rows = await this.db
        .select({ ...rowColumns, sortKey: sql<string>`(${plan.sortColumn})::text` })
        .from(users)
        .innerJoin(profiles, eq(users.profileId, profiles.id))
        .where(and(where, keyset))
        .orderBy(...plan.orderBy)
        .limit(size);
      if (rows.length > 0) yield rows;
      if (rows.length < size) return;
      const last = rows[rows.length - 1] as (typeof rows)[number];
      after = { sortKey: last.sortKey, id: last.id };
    }
  }

  async findById(id: number) {
    const [record] = await this.db
      .select(rowColumns)
      .from(users)
      .innerJoin(profiles, eq(users.profileId, profiles.id))
      .where(eq(users.id, id));
    return record;
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

  async update(id: number, values: Partial<UserValues>): Promise<void> {
    await this.db
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, id));
  }

  async setActive(id: number, isActive: boolean): Promise<void> {
    await this.db
      .update(users)
      .set({ deletedAt: isActive ? null : new Date(), updatedAt: new Date() })
      .where(eq(users.id, id));
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
