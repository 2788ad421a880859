import type { ListQuery } from '@scentia/shared/list.schemas';
import { is, Placeholder, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { planList } from '../../lib/list-query.ts';
import { UsersListQueries } from './users-list.queries.ts';
import { type ListStatements, prepareListStatements, type Statement } from './users-list.statements.ts';
import { userSearchOf, userSearchValues } from './users-search.ts';
import { usersList } from './users-select.ts';

/**
 * The users list's statements as text, one snapshot per shape, so that a change in the SQL the engine
 * generates (users-list.statements.ts, users-search.ts) shows in review. Each statement is also run
 * once on a fresh, migrated database (PGlite, or PostgreSQL with TEST_DATABASE_URL): the snapshots
 * hold SQL that both accept.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type Shape = { orderBy: string; orderByDirection: 'asc' | 'desc'; isActive?: boolean; search?: string };

const render = (param: unknown) => (is(param, Placeholder) ? `:${param.name}` : param);

/** One clause a line, so a change shows as the clause that changed. */
const linesOf = (text: string) =>
  text.replace(/ (from|inner join|cross join lateral|where|order by|limit|offset) /g, '\n$1 ').split('\n');

/** A prepared statement's text and parameters (placeholders as `:name`). */
function textOf(statement: Statement<unknown>) {
  const { sql, params } = (statement as unknown as { query: { sql: string; params: unknown[] } }).query;
  return { sql: linesOf(sql), params: params.map(render) };
}

let prepared = 0;
function prepare(shape: Shape) {
  const query: ListQuery = { page: 2, perPage: 10, ...shape };
  const plan = planList(query, usersList);
  const search = userSearchOf(plan.search);
  if (search.kind === 'nothing') throw new Error('A shape without statements');
  const statements = prepareListStatements(
    // Which pool runs a statement does not change its text.
    { db: ctx.db, plannedOnceDb: ctx.db },
    plan,
    search,
    `users_list_snapshot_${++prepared}`,
  );
  // The values the statements run with, as UsersListQueries binds them for page 2.
  const values = {
    ...userSearchValues(search),
    limit: plan.limit,
    offset: plan.offset,
    take: plan.offset + plan.limit,
  };
  return { plan, statements, values };
}

/** Every statement of a shape, by its role, run once so a snapshot never holds SQL that fails. */
async function snapshotOf(shape: Shape) {
  const { plan, statements, values } = prepare(shape);
  const { kind, byProfile, ...byRole } = statements as ListStatements &
    Record<string, Statement<unknown>> & { byProfile?: Record<string, Statement<unknown>> };
  const rendered: Record<string, ReturnType<typeof textOf>> = {};
  for (const [role, statement] of Object.entries(byRole)) {
    await statement.execute(values);
    rendered[role] = textOf(statement);
  }
  // The profile sort's walk, a profile at a time (users-list.queries.ts), with a profile's values.
  const walkValues = { ...values, profile: 1, after: 0, walk: 1_000, need: plan.limit, ids: [1] };
  for (const [role, statement] of Object.entries(byProfile ?? {})) {
    await statement.execute(walkValues);
    rendered[`byProfile.${role}`] = textOf(statement);
  }
  const conditions = UsersListQueries.boundConditions(plan);
  return { kind, statements: rendered, values, ...(conditions ? { estimated: bound(conditions) } : {}) };
}

/** The conditions a search's estimate asks the planner about, with their values bound. */
function bound(conditions: SQL) {
  const { sql, params } = new PgDialect().sqlToQuery(conditions);
  return { sql, params };
}

const directions = ['asc', 'desc'] as const;
const states = [undefined, true, false];
const sorts = ['User.Nome', 'User.Email', 'User.CreatedAt', 'User.Id', 'Profile.Nome'];

describe('users list statements (SQL snapshots)', () => {
  it.each(
    sorts.flatMap((orderBy) =>
      directions.flatMap((orderByDirection) =>
        states.map((isActive) => ({ orderBy, orderByDirection, isActive })),
      ),
    ),
  )('browsing by $orderBy $orderByDirection, active: $isActive', async (shape) => {
    const snapshot = await snapshotOf(shape);
    expect(snapshot.kind).toBe('counted');
    expect(snapshot).toMatchSnapshot();
  });

  it.each(
    sorts
      .filter((orderBy) => orderBy !== 'User.Nome')
      .flatMap((orderBy) => directions.map((orderByDirection) => ({ orderBy, orderByDirection }))),
  )('a one-word search sorted by $orderBy $orderByDirection', async (shape) => {
    const snapshot = await snapshotOf({ ...shape, search: 'mariana' });
    expect(snapshot.kind).toBe('searched');
    expect(snapshot).toMatchSnapshot();
  });

  it.each([
    { search: 'ana', isActive: undefined, case: 'narrow word, both states' },
    { search: 'ana', isActive: true, case: 'narrow word, active' },
    { search: 'ana', isActive: false, case: 'narrow word, inactive' },
    { search: 'silva santos', isActive: undefined, case: 'two broad words, both states' },
    { search: 'silva santos', isActive: true, case: 'two broad words, active' },
    { search: 'ana.souza@exemplo.com.br', isActive: undefined, case: 'a whole e-mail address' },
  ])('a search sorted by creation: $case', async ({ search, isActive }) => {
    const snapshot = await snapshotOf({
      orderBy: 'User.CreatedAt',
      orderByDirection: 'desc',
      isActive,
      search,
    });
    expect(snapshot.kind).toBe('searched');
    expect(snapshot).toMatchSnapshot();
  });

  it.each(
    ['mariana', 'mariana silva'].flatMap((search) =>
      directions.flatMap((orderByDirection) =>
        [undefined, true].map((isActive) => ({ search, orderByDirection, isActive })),
      ),
    ),
  )(
    'a name-sorted search, split in two halves: "$search" $orderByDirection, active: $isActive',
    async (shape) => {
      const snapshot = await snapshotOf({ ...shape, orderBy: 'User.Nome' });
      expect(snapshot.kind).toBe('split');
      expect(snapshot).toMatchSnapshot();
    },
  );
});
