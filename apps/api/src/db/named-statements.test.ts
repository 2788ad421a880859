import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plannedOnce, withNamedStatements } from './named-statements.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

type Prepared = { statement: string; generic: number; custom: number };

/** What `withNamedStatements` prepares on a real PostgreSQL connection, and how it is planned. */
describe.skipIf(!serverUrl)('statements planned once on a connection (PostgreSQL)', () => {
  let pool: pg.Pool;
  let client: pg.PoolClient;
  const prepared = async () =>
    (
      await client.query<Prepared>(
        `select statement, generic_plans::int as generic, custom_plans::int as custom
         from pg_prepared_statements order by statement`,
      )
    ).rows;

  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: serverUrl, max: 1 });
    client = withNamedStatements(await pool.connect());
    await client.query('set plan_cache_mode = force_generic_plan');
  });

  afterAll(async () => {
    client?.release(true);
    await pool?.end();
  });

  it('leaves a statement unnamed outside plannedOnce', async () => {
    const { rows } = await client.query('select $1::int + 1 as n', [1]);
    expect(rows).toEqual([{ n: 2 }]);
    expect(await prepared()).toEqual([]);
  });

  it('prepares a statement once by its text inside plannedOnce, and plans it once', async () => {
    const text = 'select $1::int * 2 as n';
    const answers = await plannedOnce(async () => [
      (await client.query(text, [2])).rows,
      (await client.query(text, [3])).rows,
      (await client.query(text, [4])).rows,
    ]);
    expect(answers).toEqual([[{ n: 4 }], [{ n: 6 }], [{ n: 8 }]]);
    expect(await prepared()).toEqual([{ statement: text, generic: 3, custom: 0 }]);
  });

  it('keeps statements without values unnamed, and each text its own name', async () => {
    await plannedOnce(async () => {
      await client.query('select 1 as one');
      await client.query('select $1::int * 3 as n', [1]);
    });
    expect((await prepared()).map((row) => row.statement)).toEqual([
      'select $1::int * 2 as n',
      'select $1::int * 3 as n',
    ]);
  });
});
