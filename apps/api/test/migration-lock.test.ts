import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import { seedAtStartUp } from '../src/db/seed.ts';
import { createLogger } from '../src/logger.ts';

/**
 * Three instances starting together on a fresh database: each runs the migrations at start-up, and the
 * migrations' advisory lock makes them apply once (without it, two create the migrations' schema at
 * the same moment and one start fails).
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const skipReason = serverUrl
  ? false
  : 'PostgreSQL only (TEST_DATABASE_URL): PGlite is one connection in one process';

const journal = JSON.parse(
  readFileSync(new URL('../src/db/migrations/meta/_journal.json', import.meta.url), 'utf8'),
) as { entries: unknown[] };

describe.skipIf(skipReason)(`migrations at start-up${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  const databaseName = `scentia_test_${randomBytes(6).toString('hex')}`;
  const handles: DatabaseHandle[] = [];

  afterAll(async () => {
    await Promise.all(handles.map((handle) => handle.close()));
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
  });

  it('applies every migration once when three instances migrate a fresh database at once', async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    const url = new URL(serverUrl as string);
    url.pathname = `/${databaseName}`;
    for (let index = 0; index < 3; index += 1) {
      handles.push(await openDatabase({ databaseUrl: url.toString(), dataDir: '', poolSize: 2 }));
    }
    const outcomes = await Promise.allSettled(handles.map((handle) => handle.migrate()));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);

    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    const applied = await client.query<{ hash: string }>('select hash from drizzle.__drizzle_migrations');
    const locks = await client.query(
      `select 1 from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())`,
    );
    await client.end();
    expect(applied.rows).toHaveLength(journal.entries.length);
    expect(new Set(applied.rows.map((row) => row.hash)).size).toBe(journal.entries.length);
    // The lock is given back: a later start (or a second migrate) does not wait for ever.
    expect(locks.rows).toHaveLength(0);
    await handles[0]?.migrate();
  });

  it('creates one administrator when the three then seed the empty database at once', async () => {
    const log = createLogger('silent');
    const admin = { email: 'admin@scentia.test', password: 'Admin#12345' };
    const outcomes = await Promise.allSettled(handles.map((handle) => seedAtStartUp(handle, admin, log)));
    expect(outcomes).toEqual([
      { status: 'fulfilled', value: undefined },
      { status: 'fulfilled', value: undefined },
      { status: 'fulfilled', value: undefined },
    ]);
    const url = new URL(serverUrl as string);
    url.pathname = `/${databaseName}`;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    const admins = await client.query('select id from users where email = $1', [admin.email]);
    const profiles = await client.query('select name from profiles');
    await client.end();
    expect(admins.rows).toHaveLength(1);
    expect(profiles.rows).toHaveLength(4);
  });
});
