import { EXACT_COUNT_LIMIT } from '@scentia/shared/list.schemas';
import { type SQL, sql } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import type { ListPlan } from '../../lib/list-query.ts';
import { plannerEstimate } from '../../lib/planner-estimate.ts';
import { countRows } from '../../lib/row-counts.ts';
import { createTtlCache } from '../../lib/ttl-cache.ts';
import {
  type ListDatabases,
  type ListStatements,
  type ProfileWalkStatements,
  prepareListStatements,
  SORTED_MATCHES_LIMIT,
  type Statement,
} from './users-list.statements.ts';
import { type UserSearch, userListConditions, userSearchOf, userSearchValues } from './users-search.ts';
import { type UserRecord, usersList } from './users-select.ts';

const SORT_COLUMNS = [...new Set(Object.values(usersList.sortable))];
/** An estimate shown as such: two significant digits (28,008 → 28,000). */
const aboutTotal = (estimate: number) => Number(Math.round(estimate).toPrecision(2));

/** Byte order of UTF-8, the order of `search_text` (collation "C"). */
const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

/** A search's conditions with their values bound in (for the statements that are not prepared). */
function boundConditionsOf(search: UserSearch, isActive: boolean | undefined): SQL | undefined {
  const values = userSearchValues(search);
  return userListConditions(search, isActive, (name) => sql.param(values[name]));
}

/** The largest id a user can have (`serial`): where a walk in descending order starts. */
const LAST_ID = 2_147_483_647;

/**
 * The page of a broad search sorted by profile, a profile at a time in the sort's order, each profile's
 * matches in id order until the page's end. A profile is first walked in id order (its index on profile
 * and id), up to 50 users for each row still needed: a common word soon fills the page that way. A walk
 * that ends before the profile does and still lacks rows goes on through the search index, which holds
 * the profile: a profile with few or none of the matches (the bench's 83,333 OPERADORs, no Mariana) is
 * never walked to its end. Sorting every match instead read them all (28,000 for "mariana").
 */
async function pageByProfile(
  statements: ProfileWalkStatements,
  values: Record<string, unknown>,
  plan: ListPlan,
): Promise<UserRecord[]> {
  const take = plan.offset + plan.limit;
  const ids: number[] = [];
  const start = plan.isAscending ? 0 : LAST_ID;
  for (const { id: profile } of await statements.profiles.execute({})) {
    const need = take - ids.length;
    const walk = Math.min(Math.max(need * 50, 1_000), 20_000);
    const [walked] = await statements.walk.execute({ ...values, profile, after: start, walk, need });
    ids.push(...(walked?.ids ?? []));
    if (ids.length >= take) break;
    if (walked && walked.walked === walk && walked.last !== null) {
      const rest = await statements.rest.execute({
        ...values,
        profile,
        after: walked.last,
        need: take - ids.length,
      });
      ids.push(...rest.map((row) => row.id));
      if (ids.length >= take) break;
    }
  }
  const page = ids.slice(plan.offset, take);
  return page.length === 0 ? [] : statements.rows.execute({ ids: page });
}

/**
 * The users list: one page and its total, through statements built once per shape (search kind, word
 * count, state, sort) and prepared, so the query builder does not redo them on every visit of the users
 * screen (nor PostgreSQL's planner, for those on the planned-once pool).
 */
export class UsersListQueries {
  private readonly statements = new Map<string, ListStatements>();
  /** Estimates change only when the statistics do (see estimateMatches). */
  private readonly estimates = createTtlCache<number>({ ttlMs: 60_000, maxEntries: 10_000 });

  constructor(private readonly databases: ListDatabases) {}

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
      const total = rows[0]?.total ?? (await countRows(this.databases.db, 'users', plan.isActive));
      return { records: rows, total, totalIsEstimate: false };
    }
    if (statements.kind === 'searched') return this.listSearched(statements, values, plan, search);
    const [records, estimate] = await Promise.all([
      this.mergeSplit(statements, values, plan),
      this.estimateMatches(search, plan.isActive),
    ]);
    // A broad search says "about N" from the planner's statistics: counting 29,000 matches of a word
    // costs what the page does several times over, and nobody pages through them all.
    if (estimate > EXACT_COUNT_LIMIT) {
      return { records, total: aboutTotal(estimate), totalIsEstimate: true };
    }
    return { records, ...(await this.countMatches(statements.count, values, estimate)) };
  }

  /**
   * A search sorted by anything but the name. Unless the planner's statistics say it is broad, its
   * matches are read, sorted on their keys and counted in one statement (up to SORTED_MATCHES_LIMIT);
   * a broad one is left to the planner (walking the sort's index, say) and its total is the estimate.
   * Totals past EXACT_COUNT_LIMIT are shown as "about", even when counted.
   */
  private async listSearched(
    statements: Extract<ListStatements, { kind: 'searched' }>,
    values: Record<string, unknown>,
    plan: ListPlan,
    search: UserSearch,
  ) {
    const estimate = search.kind === 'words' ? await this.estimateMatches(search, plan.isActive) : 0;
    if (estimate > SORTED_MATCHES_LIMIT) {
      const records = statements.byProfile
        ? await pageByProfile(statements.byProfile, values, plan)
        : await statements.page.execute(values);
      return { records, total: aboutTotal(estimate), totalIsEstimate: true };
    }
    const counted = await statements.countedPage.execute(values);
    // Past the last page there is no row to carry the total.
    const total = counted[0]?.total ?? (await statements.count.execute(values))[0]?.total ?? 0;
    if (total <= EXACT_COUNT_LIMIT) return { records: counted, total, totalIsEstimate: false };
    if (total <= SORTED_MATCHES_LIMIT) {
      return { records: counted, total: aboutTotal(total), totalIsEstimate: true };
    }
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

  /**
   * The planner's estimate of a search's matches (statistics kept by ANALYZE; no row is read). It changes
   * only when the statistics do, so it is remembered for a minute: paging or re-sorting a search does not
   * ask again.
   */
  private async estimateMatches(search: UserSearch, isActive: boolean | undefined): Promise<number> {
    const key = `${isActive ?? 'all'} ${search.kind === 'words' ? search.words.join(' ') : ''}`;
    const remembered = this.estimates.recall(key);
    if (remembered) return remembered.value;
    return this.estimates.remember(key, await this.explainMatches(search, isActive));
  }

  private async explainMatches(search: UserSearch, isActive: boolean | undefined): Promise<number> {
    return plannerEstimate(
      this.databases.db,
      sql`select 1 from ${users} where ${boundConditionsOf(search, isActive)}`,
    );
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
      statements = prepareListStatements(this.databases, plan, search, `users_list_${key}`);
      this.statements.set(key, statements);
    }
    return statements;
  }

  /** The conditions with their values bound, for statements that are not prepared (estimates, exports). */
  static boundConditions(plan: Pick<ListPlan, 'search' | 'isActive'>): SQL | undefined {
    return boundConditionsOf(userSearchOf(plan.search), plan.isActive);
  }
}
