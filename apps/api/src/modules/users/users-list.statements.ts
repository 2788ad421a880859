import { EXACT_COUNT_LIMIT } from '@scentia/shared/list.schemas';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { profiles, users } from '../../db/schema/index.ts';
import { type ListPlan, stateCondition } from '../../lib/list-query.ts';
import { rowCountOf } from '../../lib/row-counts.ts';
import { type UserSearch, userListConditions, type Value } from './users-search.ts';
import { selectUsers, type UserRecord, userColumns } from './users-select.ts';

/**
 * A search with up to this many matches sorts them all in one statement (and counts them); past it,
 * the planner's page. Rare words are estimated by the planner from a floor frequency (a word that
 * matches nobody is estimated at about 2,000), so the estimate alone cannot tell a rare word from a
 * broad one: below this figure the matches are read, never the whole sort index walked hoping for them.
 */
export const SORTED_MATCHES_LIMIT = 5_000;

/** A prepared statement of the users list, run with its values. */
export type Statement<Row> = { execute(values: Record<string, unknown>): Promise<Row[]> };

/** The statements of one list shape (search kind, word count, state, sort). */
export type ListStatements =
  | { kind: 'counted'; page: Statement<UserRecord & { total: number }> }
  | {
      kind: 'searched';
      page: Statement<UserRecord>;
      /** The page and its matches' count (up to SORTED_MATCHES_LIMIT + 1), sorting every match. */
      countedPage: Statement<UserRecord & { total: number }>;
      count: Statement<{ total: number }>;
      /** Sorted by profile: the statements that page a broad search a profile at a time. */
      byProfile?: ProfileWalkStatements;
    }
  | {
      kind: 'split';
      first: Statement<UserRecord & { sortKey: string }>;
      rest: Statement<UserRecord & { sortKey: string }>;
      count: Statement<{ total: number }>;
    };

/**
 * A broad search sorted by profile, a profile at a time in the sort's order (users-list.queries.ts):
 * `walk` reads the profile's users in id order from `after`, at most `walk` of them, and answers how many
 * it read, the last id read and the first `need` matches among them; `rest` finds the profile's matches
 * past `after` through the search index, which holds the profile (migration 0033); `rows` reads the
 * page's users by id, in the list's order.
 */
export type ProfileWalkStatements = {
  profiles: Statement<{ id: number }>;
  walk: Statement<{ walked: number; last: number | null; ids: number[] | null }>;
  rest: Statement<{ id: number }>;
  rows: Statement<UserRecord>;
};

/** Where the statements run: `plannedOnceDb` takes those whose plan does not depend on their values. */
export type ListDatabases = { db: Database; plannedOnceDb: Database };

/**
 * Builds and prepares the statements of one list shape: browsing (page with its total), a searched page
 * (sorted on its matches' keys; counted in the same statement up to SORTED_MATCHES_LIMIT) or a
 * name-sorted search (split in two halves).
 */
export function prepareListStatements(
  { db, plannedOnceDb }: ListDatabases,
  plan: ListPlan,
  search: UserSearch,
  name: string,
): ListStatements {
  const value: Value = (placeholder) => sql.placeholder(placeholder);
  const select = <Extra extends Record<string, SQL>>(
    where: SQL | undefined,
    orderBy: SQL[],
    extra: Extra,
    on = db,
  ) =>
    selectUsers(on, extra)
      .where(where)
      .orderBy(...orderBy);
  const where = userListConditions(search, plan.isActive, value);
  const direction = plan.isAscending ? asc : desc;
  if (search.kind === 'none') {
    const byProfile = plan.sortColumn === profiles.name;
    const rows = byProfile ? and(where, inArray(users.id, firstUsersOfEachProfile(db, plan))) : where;
    // Only the page's bounds vary, and each browsing shape reads its sort's index in order: planned once.
    // Not the profile sort, whose walk of each profile a plan made without the page's end gives up for
    // a sort of every user (5 ms → 200 ms).
    const on = byProfile ? db : plannedOnceDb;
    const page = select(rows, plan.orderBy, { total: rowCountOf('users', plan.isActive) }, on)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
    return { kind: 'counted', page: page.prepare(`${name}_page`) };
  }
  // Counting reads every match through the search index whatever the words: planned once.
  const countUpTo = (limit: number, suffix: string) => {
    const matches = db.select({ id: users.id }).from(users).where(where).limit(limit).as('matches');
    return plannedOnceDb.select({ total: count() }).from(matches).prepare(`${name}_${suffix}`);
  };

  if (search.kind === 'words' && plan.sortColumn === users.searchText) {
    // Matches of a name cluster where names start with its first word ("mariana…"), so neither walking
    // the name index nor sorting every match is cheap for a broad word. The matches split exactly in
    // two: names starting with the word, a range of the name index read in order, and records where it
    // begins another word only (stored unmarked), read through the search index and sorted.
    const half = (part: { first?: SQL; rest?: SQL }, suffix: string, orderBy: SQL[]) =>
      select(userListConditions(search, plan.isActive, value, part), orderBy, {
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
        plan.orderBy,
      ),
      // Sorted on an expression the name index cannot give, so the planner reads these matches through
      // the search index and sorts them: walking the names hoping for them crosses every name that
      // clusters before them ("silva santos" by name: 56,000 names read for 60 rows, 360 ms).
      rest: half({ rest: sql`${users.searchPrefixes} && ${value('firstElsewhere')}::text[]` }, 'rest', [
        direction(sql`(${users.searchText} || '')`),
        direction(users.id),
      ]),
      count: countUpTo(EXACT_COUNT_LIMIT + 1, 'count'),
    };
  }
  // E-mails start with the name too: a searched list sorted by e-mail sorts its matches rather than
  // walk the e-mail index from "a" to where they cluster (a broad one is split there, below).
  const sortKey = plan.sortColumn === users.email ? sql`(${users.email} || '')` : plan.sortColumn;
  // Matches are sorted on their keys alone, and only the page's rows are read whole: a search with
  // 1,500 matches then sorts 1,500 narrow rows instead of 1,500 users with their profiles.
  const byProfile = plan.sortColumn === profiles.name;
  const withProfile = <Query extends PgSelect>(query: Query) =>
    byProfile ? query.innerJoin(profiles, eq(users.profileId, profiles.id)) : query;
  // The page of a search estimated broad. Sorting its matches reads every one of them from the table
  // ("mariana", 28,000 matches: 130–180 ms), so one of words sorted by e-mail is split where the e-mails
  // cluster; the others are left to the planner (walking the sort's index, say). A profile's matches
  // cannot be walked a profile at a time as browsing is: a profile holding none of them (the bench's
  // OPERADOR has no Mariana) is walked to its end (83,000 users, 470–600 ms).
  const pageIds =
    search.kind === 'words' && plan.sortColumn === users.email
      ? emailSplitPage(db, plan, search, value)
      : withProfile(db.select({ id: users.id }).from(users).$dynamic())
          .where(where)
          .orderBy(direction(sortKey), direction(users.id))
          .limit(sql.placeholder('limit'))
          .offset(sql.placeholder('offset'));
  const page = select(inArray(users.id, pageIds), plan.orderBy, {}).prepare(`${name}_page`);
  const matchesWith = db.$with('matches').as(
    withProfile(
      db
        .select({ id: users.id, sortKey: sql`${sortKey}`.as('sort_key') })
        .from(users)
        .$dynamic(),
    )
      .where(where)
      // A wrong estimate cannot make it read more than this.
      .limit(SORTED_MATCHES_LIMIT + 1),
  );
  const pageOfMatches = db
    .select({ id: matchesWith.id })
    .from(matchesWith)
    .orderBy(direction(matchesWith.sortKey), direction(matchesWith.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
  // Run only for searches estimated narrow, whose matches are read through the search index, whatever
  // the words: planned once.
  const countedPage = plannedOnceDb
    .with(matchesWith)
    .select({ ...userColumns, total: sql<number>`(select count(*)::int from ${matchesWith})` })
    .from(users)
    .innerJoin(profiles, eq(users.profileId, profiles.id))
    .where(inArray(users.id, pageOfMatches))
    .orderBy(...plan.orderBy)
    .prepare(`${name}_counted`);
  return {
    kind: 'searched',
    page,
    countedPage,
    count: countUpTo(SORTED_MATCHES_LIMIT + 1, 'count'),
    ...(byProfile ? { byProfile: profileWalkStatements(db, plan, where, name) } : {}),
  };
}

/** The statements of `ProfileWalkStatements` for one shape; `matches` is the search's condition. */
function profileWalkStatements(
  db: Database,
  plan: ListPlan,
  matches: SQL | undefined,
  name: string,
): ProfileWalkStatements {
  const value: Value = (placeholder) => sql.placeholder(placeholder);
  const direction = plan.isAscending ? asc : desc;
  const order = plan.isAscending ? sql`asc` : sql`desc`;
  const ofProfile = and(
    eq(users.profileId, value('profile')),
    plan.isAscending ? sql`${users.id} > ${value('after')}` : sql`${users.id} < ${value('after')}`,
  );
  // The profile's users in id order (its index on profile and id), each marked whether it matches.
  const walked = db
    .select({ id: users.id, matches: sql<boolean>`${matches ?? sql`true`}`.as('matches') })
    .from(users)
    .where(and(ofProfile, stateCondition(users.deletedAt, plan.isActive)))
    .orderBy(direction(users.id))
    .limit(sql.placeholder('walk'))
    .as('walked');
  const walk = db
    .select({
      walked: sql<number>`count(*)::int`,
      last: plan.isAscending ? sql<number | null>`max(${walked.id})` : sql<number | null>`min(${walked.id})`,
      ids: sql<number[] | null>`(array_agg(${walked.id} order by ${walked.id} ${order})
        filter (where ${walked.matches}))[1:${value('need')}]`,
    })
    .from(walked)
    .prepare(`${name}_walk`);
  // Sorted on an expression the index on profile and id cannot give: the planner, which supposes a
  // profile holds its share of the matches, would otherwise walk that index hoping for them.
  const rest = db
    .select({ id: users.id })
    .from(users)
    .where(and(ofProfile, matches))
    .orderBy(direction(sql`(${users.id} + 0)`))
    .limit(sql.placeholder('need'))
    .prepare(`${name}_rest`);
  const profilesInOrder = db
    .select({ id: profiles.id })
    .from(profiles)
    .orderBy(direction(profiles.name), direction(profiles.id))
    .prepare(`${name}_profiles`);
  const rows = selectUsers(db, {})
    .where(sql`${users.id} = any(${value('ids')}::int[])`)
    .orderBy(...plan.orderBy)
    .prepare(`${name}_rows`);
  return { profiles: profilesInOrder, walk, rest, rows };
}

/**
 * The ids of a page of a search sorted by e-mail, whose matches split exactly in two (migration 0031):
 * those whose e-mail lies in the first word's range of the e-mail index (`firstFrom` to `firstUntil`,
 * its starts marked `@`), read in order by walking that range, and the rest, read through the search
 * index and sorted. E-mails usually start with the name, so a common first name's matches are mostly
 * the first half, and each half stops at the page's end. The two are merged in the e-mail's own order.
 */
function emailSplitPage(db: Database, plan: ListPlan, search: UserSearch, value: Value) {
  const direction = plan.isAscending ? asc : desc;
  const inRange = sql`${users.email} >= ${value('firstFrom')} and ${users.email} < ${value('firstUntil')}`;
  const half = (conditions: SQL | undefined, sortKey: SQL | typeof users.email) =>
    db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(conditions)
      .orderBy(direction(sortKey), direction(users.id))
      .limit(sql.placeholder('take'));
  const inEmail = half(
    userListConditions(search, plan.isActive, value, {
      first: and(inRange, sql`${users.searchPrefixes} && ${value('firstInEmail')}::text[]`),
    }),
    users.email,
  );
  // Sorted on an expression the e-mail index cannot give: read through the search index, never found
  // by walking the e-mails.
  const elsewhere = half(
    userListConditions(search, plan.isActive, value, {
      rest: sql`${users.searchPrefixes} && ${value('firstNotInEmail')}::text[]`,
    }),
    sql`(${users.email} || '')`,
  );
  const halves = sql`(${inEmail} union all ${elsewhere}) as halves`;
  const order = plan.isAscending ? sql`asc` : sql`desc`;
  const page = sql`limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}`;
  return sql`(select halves.id from ${halves} order by halves.email ${order}, halves.id ${order} ${page})`;
}

/**
 * No index orders users by their profile's name, and sorting a million users for one page costs a
 * second. Profiles are few: the page's end (`take`) first users of each profile by id, each an index
 * walk, hold the page, and only they are sorted.
 */
function firstUsersOfEachProfile(db: Database, plan: ListPlan) {
  const profileUsers = alias(users, 'profile_users');
  const eachProfile = alias(profiles, 'each_profile');
  const firstUsers = db
    .select({ id: profileUsers.id })
    .from(profileUsers)
    .where(
      and(eq(profileUsers.profileId, eachProfile.id), stateCondition(profileUsers.deletedAt, plan.isActive)),
    )
    .orderBy((plan.isAscending ? asc : desc)(profileUsers.id))
    .limit(sql.placeholder('take'))
    .as('first_users');
  return db.select({ id: firstUsers.id }).from(eachProfile).crossJoinLateral(firstUsers);
}
