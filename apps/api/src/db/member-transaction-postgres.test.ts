import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openingWithFirstStatement } from './member-transaction-postgres.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

/**
 * How a member's opening travels with the work's first statement on a real PostgreSQL connection: in
 * one round trip (counted as the server's ReadyForQuery messages), and never letting the statement run
 * when the opening failed.
 */
describe.skipIf(!serverUrl)('an opening sent with the first statement (PostgreSQL)', () => {
  let pool: pg.Pool;
  let client: pg.PoolClient;
  let roundTrips = 0;
  const opening = ['begin', "set local application_name = 'opened'"];

  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: serverUrl, max: 1 });
    client = await pool.connect();
    await client.query('create temporary table written (n int)');
    (client as unknown as { connection: pg.Connection }).connection.on('readyForQuery', () => {
      roundTrips += 1;
    });
  });

  beforeEach(async () => {
    await client.query('truncate written');
    roundTrips = 0;
  });

  afterAll(async () => {
    client?.release(true);
    await pool?.end();
  });

  const opened = (statements = opening) => openingWithFirstStatement(client, () => statements).client;

  it('sends a first statement with values in the opening’s round trip, and answers its rows only', async () => {
    const member = opened();
    const first = await member.query({ text: 'select current_setting($1) as name', rowMode: 'array' }, [
      'application_name',
    ]);
    expect(roundTrips).toBe(1);
    expect(first.rows).toEqual([['opened']]);
    expect(first.command).toBe('SELECT');
    const second = await member.query('select $1::int + 1 as n', [1]);
    expect(second.rows).toEqual([{ n: 2 }]);
    await client.query('rollback');
    expect((await client.query('show application_name')).rows[0].application_name).not.toBe('opened');
  });

  it('sends a first statement without values in the same simple query', async () => {
    const first = await opened().query("select current_setting('application_name') as name");
    expect(roundTrips).toBe(1);
    expect(first.rows).toEqual([{ name: 'opened' }]);
    await client.query('rollback');
  });

  it('never runs the statement when its opening failed, and every statement after it fails too', async () => {
    const member = opened(['begin', 'set local role scentia_no_such_role']);
    await expect(member.query('insert into written values ($1)', [1])).rejects.toThrow(
      /scentia_no_such_role/,
    );
    await expect(member.query('insert into written values ($1)', [2])).rejects.toThrow(
      /scentia_no_such_role/,
    );
    await client.query('rollback');
    expect((await client.query('select count(*)::int as n from written')).rows).toEqual([{ n: 0 }]);
  });

  it('answers the statement’s own error when the opening went through', async () => {
    const member = opened();
    await expect(member.query('select 1 / $1::int', [0])).rejects.toThrow(/division by zero/);
    await client.query('rollback');
    const afterwards = await client.query('insert into written values ($1)', [3]);
    expect(afterwards.rowCount).toBe(1);
  });

  it('sends the opening alone before a statement prepared by name', async () => {
    const member = opened();
    const named = await member.query({ name: 'opening_test_named', text: 'select $1::int as n' }, [7]);
    expect(named.rows).toEqual([{ n: 7 }]);
    expect(roundTrips).toBe(2);
    await client.query('rollback');
  });
});
