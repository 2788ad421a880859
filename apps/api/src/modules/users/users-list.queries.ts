import { EXACT_COUNT_LIMIT } from '@scentia/shared/list.schemas';
import { asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { profiles, users } from '../../db/schema/index.ts';
import type { ListDefinition, ListPlan } from '../../lib/list-query.ts';
import { countRows, rowCountOf } from '../../lib/row-counts.ts';
import {
  type UserSearch,
  userListConditions,
  userSearchOf,
  userSearchValues,
  type Value,
} from './users-search.ts';

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

export const userColumns = {
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

/** The users with their profiles, as every read of users starts; `extra` adds computed columns. */
export const selectUsers = <Extra extends Record<string, SQL>>(db: Database, extra = {} as Extra) =>
  db
    .select({ ...userColumns, ...extra })
    .from(users)
    .innerJoin(profiles, eq(users.profileId, profiles.id));

/** A user row as the repository reads it (with its profile). */
export type UserRecord = Awaited<ReturnType<typeof selectUsers<Record<never, SQL>>>>[number];

const SORT_COLUMNS = [...new Set(Object.values(usersList.sortable))];
/** An estimate shown as such: two significant digits (28,008 → 28,000). */
const aboutTotal = (estimate: number) => Number(Math.round(estimate).toPrecision(2));

type Statement<Row> = { execute(values: Record<string, unknown>): Promise<Row[]> };
type ListStatements =
  | { kind: 'counted'; page: Statement<UserRecord & { total: number }> }
  | {
      kind: 'searched';
      page: Statement<UserRecord>;
      countedPage: Statement<UserRecord & { total: number }>;
      count: Statement<{ total: number }>;
    }
  | {
      kind: 'split';
      first: Statement<UserRecord & { sortKey: string }>;
      rest: Statement<UserRecord & { sortKey: string }>;
      count: Statement<{ total: number }>;
    };

/** Byte order of UTF-8, the order of `search_text` (collation "C"). */
const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

/**
 * The users list: one page and its total, through statements built once per shape (search kind, word
 * count, state, sort) and prepared, so neither the query builder nor PostgreSQL's planner redo them on
 * every visit of the users screen.
 */
export class UsersListQueries {
  private readonly statements = new Map<string, ListStatements>();

  constructor(private readonly db: Database) {}

  async list(plan: ListPlan): Promise<{ records: UserRecord[]; total: number; totalIsEstimate: boolean }> {
    const search = userSearchOf(plan.search);
    if (search.kind === 'nothing') return { records: [], total: 0, totalIsEstimate: false };
    const statements = this.statementsFor(plan, search);
    const values = {
      ...userSearchValues(search),
      limit: plan.limit,
      offset: plan.offset,
      take: plan.offset + plan.limit,
    };
    if (statements.kind === 'counted') {
      const rows = await statements.page.execute(values);
      // Past the last page there is no row to carry the total.
      const total = rows[0]?.total ?? (await countRows(this.db, 'users', plan.isActive));
      return { records: rows, total, totalIsEstimate: false };
    }
    if (statements.kind === 'searched') return this.listSearched(statements, values, plan, search);
    const [records, estimate] = await Promise.all([
      this.mergeSplit(statements, values, plan),
      this.estimateMatches(plan),
    ]);
    // A broad search says "about N" from the planner's statistics: counting 29,000 matches of a word
    // costs what the page does several times over, and nobody pages through them all.
    if (estimate > EXACT_COUNT_LIMIT) {
      return { records, total: aboutTotal(estimate), totalIsEstimate: true };
    }
    return { records, ...(await this.countMatches(statements.count, values, estimate)) };
  }

  /**
   * A search sorted by anything but the name. A narrow one (by the planner's estimate) reads all its
   * matches for the sort anyway, so its page statement counts them as it goes (up to the limit); a broad
   * one is left to the planner (walking the sort's index, say) and its total is the estimate.
   */
  private async listSearched(
    statements: Extract<ListStatements, { kind: 'searched' }>,
    values: Record<string, unknown>,
    plan: ListPlan,
    search: UserSearch,
  ) {
    const estimate = search.kind === 'words' ? await this.estimateMatches(plan) : 0;
    if (estimate > EXACT_COUNT_LIMIT) {
      const records = await statements.page.execute(values);
      return { records, total: aboutTotal(estimate), totalIsEstimate: true };
    }
    const counted = await statements.countedPage.execute(values);
    // Past the last page there is no row to carry the total.
    const total = counted[0]?.total ?? (await statements.count.execute(values))[0]?.total ?? 0;
    if (total <= EXACT_COUNT_LIMIT) return { records: counted, total, totalIsEstimate: false };
    // The statistics missed a broad search: the statement stopped reading its matches at the limit, so
    // its page is not the page; the planner's own page is read instead.
    const records = await statements.page.execute(values);
    return { records, total: aboutTotal(Math.max(estimate, total)), totalIsEstimate: true };
  }

  /** The exact count of a search's matches, up to the limit; past it, "about" the larger figure. */
  private async countMatches(
    statement: Statement<{ total: number }>,
    values: Record<string, unknown>,
    estimate: number,
  ) {
    const [counted] = await statement.execute(values);
    const total = counted?.total ?? 0;
    // The statistics missed a broad search: still no count past the limit.
    if (total > EXACT_COUNT_LIMIT) {
      return { total: aboutTotal(Math.max(estimate, total)), totalIsEstimate: true };
    }
    return { total, totalIsEstimate: false };
  }

  /** The planner's estimate of a search's matches (statistics kept by ANALYZE; no row is read). */
  private async estimateMatches(plan: ListPlan): Promise<number> {
    const result = await this.db.execute(
      sql`explain (format json) select 1 from ${users} where ${UsersListQueries.boundConditions(plan)}`,
    );
    const [row] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
    const output = row ? Object.values(row)[0] : undefined;
    const explained = (typeof output === 'string' ? JSON.parse(output) : output) as
      | [{ Plan: { 'Plan Rows': number } }]
      | undefined;
    return explained?.[0]?.Plan['Plan Rows'] ?? 0;
  }

  /** Both halves of a name-sorted search, each sorted and cut at the page's end, merged in name order. */
  private async mergeSplit(
    statements: Extract<ListStatements, { kind: 'split' }>,
    values: Record<string, unknown>,
    plan: ListPlan,
  ) {
    const [first, rest] = await Promise.all([
      statements.first.execute(values),
      statements.rest.execute(values),
    ]);
    const direction = plan.isAscending ? 1 : -1;
    return [...first, ...rest]
      .sort((a, b) => direction * (byteOrder(a.sortKey, b.sortKey) || a.id - b.id))
      .slice(plan.offset, plan.offset + plan.limit);
  }

  private statementsFor(plan: ListPlan, search: UserSearch): ListStatements {
    const words = search.kind === 'words' ? search.words.length : 0;
    const sort = SORT_COLUMNS.indexOf(plan.sortColumn);
    const key = `${search.kind}${words}_${plan.isActive ?? 'all'}_${sort}_${plan.isAscending ? 'asc' : 'desc'}`;
    let statements = this.statements.get(key);
    if (!statements) {
      statements = this.prepare(plan, search, `users_list_${key}`);
      this.statements.set(key, statements);
    }
    return statements;
  }

  private prepare(plan: ListPlan, search: UserSearch, name: string): ListStatements {
    const value: Value = (placeholder) => sql.placeholder(placeholder);
    const select = <Extra extends Record<string, SQL>>(
      where: SQL | undefined,
      orderBy: SQL[],
      extra: Extra,
    ) =>
      selectUsers(this.db, extra)
        .where(where)
        .orderBy(...orderBy);
    const where = userListConditions(search, plan.isActive, value);
    if (search.kind === 'none') {
      const page = select(where, plan.orderBy, { total: rowCountOf('users', plan.isActive) })
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'));
      return { kind: 'counted', page: page.prepare(`${name}_page`) };
    }
    const matches = this.db
      .select({ id: users.id })
      .from(users)
      .where(where)
      .limit(EXACT_COUNT_LIMIT + 1)
      .as('matches');
    const countStatement = this.db.select({ total: count() }).from(matches).prepare(`${name}_count`);

    if (search.kind === 'words' && plan.sortColumn === users.searchText) {
      // Matches of a name cluster where names start with its first word ("mariana…"), so neither walking
      // the name index nor sorting every match is cheap for a broad word. The matches split exactly in
      // two: names starting with the word, a range of the name index read in order, and records where it
      // begins another word only (stored unmarked), which are few or spread along the names.
      const half = (part: { first?: SQL; rest?: SQL }, suffix: string) =>
        select(userListConditions(search, plan.isActive, value, part), plan.orderBy, {
          sortKey: sql<string>`${users.searchText}`,
        })
          .limit(sql.placeholder('take'))
          .prepare(`${name}_${suffix}`);
      return {
        kind: 'split',
        first: half(
          {
            first: sql`${users.searchText} >= ${value('firstFrom')} and ${users.searchText} < ${value('firstUntil')}`,
          },
          'first',
        ),
        rest: half({ rest: sql`${users.searchPrefixes} @> ${value('firstElsewhere')}::text[]` }, 'rest'),
        count: countStatement,
      };
    }
    // E-mails start with the name too: a searched list sorted by e-mail sorts its matches rather than
    // walk the e-mail index from "a" to where they cluster.
    const direction = plan.isAscending ? asc : desc;
    const sortKey = plan.sortColumn === users.email ? sql`(${users.email} || '')` : plan.sortColumn;
    // Matches are sorted on their keys alone, and only the page's rows are read whole: a search with
    // 1,500 matches then sorts 1,500 narrow rows instead of 1,500 users with their profiles.
    const byProfile = plan.sortColumn === profiles.name;
    const withProfile = <Query extends PgSelect>(query: Query) =>
      byProfile ? query.innerJoin(profiles, eq(users.profileId, profiles.id)) : query;
    const pageIds = withProfile(this.db.select({ id: users.id }).from(users).$dynamic())
      .where(where)
      .orderBy(direction(sortKey), direction(users.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
    const page = select(inArray(users.id, pageIds), plan.orderBy, {}).prepare(`${name}_page`);
    const matchesWith = this.db.$with('matches').as(
      withProfile(
        this.db
          .select({ id: users.id, sortKey: sql`${sortKey}`.as('sort_key') })
          .from(users)
          .$dynamic(),
      )
        .where(where)
        // A wrong estimate cannot make it read more than this.
        .limit(EXACT_COUNT_LIMIT + 1),
    );
    const pageOfMatches = this.db
      .select({ id: matchesWith.id })
      .from(matchesWith)
      .orderBy(direction(matchesWith.sortKey), direction(matchesWith.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
    const countedPage = this.db
      .with(matchesWith)
      .select({ ...userColumns, total: sql<number>`(select count(*)::int from ${matchesWith})` })
      .from(users)
      .innerJoin(profiles, eq(users.profileId, profiles.id))
      .where(inArray(users.id, pageOfMatches))
      .orderBy(...plan.orderBy)
      .prepare(`${name}_counted`);
    return { kind: 'searched', page, countedPage, count: countStatement };
  }

  /** The conditions with their values bound, for statements that are not prepared (estimates, exports). */
  static boundConditions(plan: Pick<ListPlan, 'search' | 'isActive'>): SQL | undefined {
    const search = userSearchOf(plan.search);
    const values = userSearchValues(search);
    return userListConditions(search, plan.isActive, (name) => sql.param(values[name]));
  }
}
