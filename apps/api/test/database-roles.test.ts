import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import { seedProfiles } from '../src/db/seed.ts';
import { onServer } from './on-server.ts';
import { freePort, killStartedServers, startServer } from './spawned-server.ts';

/**
 * The database the application cannot rewrite (migration 0032): a login of the runtime role tries every
 * way around the audit trail, and each fails; then the real server runs as that login, with the
 * owner's URL for the migrations, and writes, reads, prunes and anonymises through the owner's
 * functions. A production server connected as the owner refuses to start.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const skipReason = serverUrl
  ? false
  : 'PostgreSQL only (TEST_DATABASE_URL): PGlite has one user, which owns everything';

const DAY_MS = 86_400_000;
const RETENTION_DAYS = 400;

describe.skipIf(skipReason)(`the runtime role${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  const suffix = randomBytes(6).toString('hex');
  const databaseName = `scentia_test_${suffix}`;
  const login = `scentia_test_runtime_${suffix}`;
  const password = randomBytes(12).toString('hex');
  let ownerUrl: string;
  let runtimeUrl: string;
  let owner: DatabaseHandle;
  let ownerClient: pg.Client;
  let runtime: pg.Client;

  const admin = (statement: string) => onServer(serverUrl as string, statement);

  beforeAll(async () => {
    await admin(`create database ${databaseName}`);
    const url = new URL(serverUrl as string);
    url.pathname = `/${databaseName}`;
    ownerUrl = url.toString();
    owner = await openDatabase({ databaseUrl: ownerUrl, dataDir: '', poolSize: 2 });
    await owner.migrate({ auditRetentionDays: RETENTION_DAYS });
    await seedProfiles(owner.db);
    // What docs/deployment.md asks the operator to do once.
    await admin(`create role ${login} login password '${password}' in role scentia_runtime`);
    const runtimeAddress = new URL(ownerUrl);
    runtimeAddress.username = login;
    runtimeAddress.password = password;
    runtimeUrl = runtimeAddress.toString();
    ownerClient = new pg.Client({ connectionString: ownerUrl });
    await ownerClient.connect();
    runtime = new pg.Client({ connectionString: runtimeUrl });
    await runtime.connect();
  });

  afterAll(async () => {
    killStartedServers();
    await runtime?.end();
    await ownerClient?.end();
    await owner?.close();
    await admin(`drop database if exists ${databaseName} with (force)`);
    await admin(`drop role if exists ${login}`);
  });

  const one = async <T>(client: pg.Client, text: string, values: unknown[] = []) =>
    (await client.query(text, values)).rows[0] as T;

  /** The statement fails for lack of a privilege, and the session can go on. */
  async function isRefused(client: pg.Client, statements: string[]) {
    await client.query('begin');
    try {
      for (const [index, statement] of statements.entries()) {
        const isLast = index === statements.length - 1;
        const outcome = await client.query(statement).then(
          () => 'done',
          (error: { code?: string; message: string }) => `${error.code}: ${error.message}`,
        );
        if (!isLast) expect(outcome, statement).toBe('done');
        else return outcome;
      }
    } finally {
      await client.query('rollback');
    }
    return 'nothing run';
  }

  async function categoryOf(name: string): Promise<number> {
    await runtime.query('begin');
    const { id } = await one<{ id: number }>(
      runtime,
      'insert into categories (name) values ($1) returning id',
      [name],
    );
    await runtime.query('commit');
    return id;
  }

  /** The trail's changes of a category: their events, oldest first. */
  const changesOf = async (id: number) =>
    (
      await ownerClient.query<{ event_id: string }>(
        `select event_id from audit_changes where table_name = 'categories' and record_id = $1 order by id`,
        [String(id)],
      )
    ).rows.map((row) => Number(row.event_id));

  /** An update of the category in one transaction of the runtime, after `before` (settings, say). */
  async function renameAs(id: number, name: string, before: string[] = []) {
    await runtime.query('begin');
    for (const statement of before) await runtime.query(statement);
    await runtime.query('update categories set name = $1 where id = $2', [name, id]);
    await runtime.query('commit');
  }

  it('records a change whose transaction switched the trail off', async () => {
    const id = await categoryOf(`Desligada ${suffix}`);
    await renameAs(id, `Desligada 2 ${suffix}`, [`select set_config('scentia.audit', 'off', true)`]);
    expect(await changesOf(id)).toHaveLength(2);
  });

  it('ignores an older event named as the transaction’s, and a temporary table named like the trail', async () => {
    const id = await categoryOf(`Dobrada ${suffix}`);
    const [older] = await changesOf(id);
    await renameAs(id, `Dobrada 2 ${suffix}`, [`select set_config('scentia.audit_event', '${older}', true)`]);
    await renameAs(id, `Dobrada 3 ${suffix}`, [
      'create temporary table audit_changes (like public.audit_changes) on commit drop',
      'create temporary table audit_events (like public.audit_events) on commit drop',
    ]);
    const events = await changesOf(id);
    expect(events).toHaveLength(3);
    expect(new Set(events).size).toBe(3);
  });

  it('cannot change, remove or empty the trail, with or without the maintenance setting', async () => {
    const refusals = [
      ['update audit_events set actor_id = null'],
      ['delete from audit_events'],
      ['truncate audit_events cascade'],
      ['update audit_changes set after = null'],
      ['delete from audit_changes'],
      ['truncate audit_changes'],
      [`select set_config('scentia.audit_maintenance', 'prune', true)`, 'delete from audit_events'],
      [`select set_config('scentia.audit_maintenance', 'prune', true)`, 'delete from audit_changes'],
      [
        `select set_config('scentia.audit_maintenance', 'anonymise', true)`,
        'update audit_changes set after = null',
      ],
      ['update audit_policy set retention_days = 183'],
      [`select audit_forget('category', '1', 'categories', array['name'])`],
      ['select audit_anonymise_erased_account(1)'],
    ];
    for (const statements of refusals) {
      expect(await isRefused(runtime, statements), statements.join('; ')).toMatch(/^42501:/);
    }
  });

  it('changes no schema: no table, column, trigger, function or trigger switch of its own', async () => {
    const refusals = [
      'create table sneaky (id integer)',
      'alter table categories add column sneaky integer',
      'drop trigger categories_audit on categories',
      'alter table categories disable trigger categories_audit',
      'alter table audit_events disable trigger audit_events_guard',
      'create or replace function audit_guard() returns trigger language plpgsql as $$ begin return old; end $$',
      'drop table audit_changes',
      'set session_replication_role = replica',
    ];
    for (const statement of refusals) {
      expect(await isRefused(runtime, [statement]), statement).toMatch(/^42501:/);
    }
  });

  it('prunes only what is older than the owner’s retention, whatever cut-off it names', async () => {
    const eventAt = async (daysAgo: number) => {
      const { id } = await one<{ id: string }>(
        ownerClient,
        `insert into audit_events (occurred_at, action, record_type, record_id)
         values ($1, 'roles-test', 'category', $2) returning id`,
        [new Date(Date.now() - daysAgo * DAY_MS).toISOString(), `${daysAgo}`],
      );
      return Number(id);
    };
    const kept = await eventAt(RETENTION_DAYS - 30);
    const gone = await eventAt(RETENTION_DAYS + 30);
    const { removed } = await one<{ removed: number }>(
      runtime,
      'select audit_prune(now(), 100000) as removed',
    );
    expect(removed).toBe(1);
    const left = await ownerClient.query<{ id: string }>(
      `select id from audit_events where action = 'roles-test' order by id`,
    );
    expect(left.rows.map((row) => Number(row.id))).toEqual([kept]);
    expect(gone).toBeGreaterThan(kept);
  });

  it('anonymises only an erased account’s values in the trail', async () => {
    const { id } = await one<{ id: number }>(
      ownerClient,
      `insert into users (name, email, profile_id) select 'Pessoa Guardada', $1, min(id) from profiles where upper(name) <> 'ADMIN' returning id`,
      [`guardada-${suffix}@scentia.test`],
    );
    expect(await isRefused(runtime, [`select audit_anonymise_account(${id})`])).toMatch(
      /^42501:.*not erased/,
    );
    // Marked erased for a moment, to scrub the trail and be unmarked afterwards: refused at the mark.
    expect(await isRefused(runtime, [`update users set anonymized_at = now() where id = ${id}`])).toMatch(
      /^23514:.*holds personal values/,
    );
    const [change] = (
      await ownerClient.query<{ after: { name: string } }>(
        `select after from audit_changes where table_name = 'users' and row_key = $1`,
        [String(id)],
      )
    ).rows;
    expect(change?.after.name).toBe('Pessoa Guardada');

    const erased = `update users set name = '#${id}', email = 'anonymised-${id}@invalid', anonymized_at = now()
      where id = ${id}`;
    expect(await isRefused(runtime, [erased, `select audit_anonymise_account(${id})`])).toBe('done');
    for (const revival of ['anonymized_at = null', `name = 'Pessoa Guardada'`]) {
      expect(
        await isRefused(runtime, [erased, `update users set ${revival} where id = ${id}`]),
        revival,
      ).toMatch(/^23514:.*erased/);
    }
  });

  it('says which grant the owner lacks in a database a superuser created for it', async () => {
    // The restore that docs/deployment.md warns against: createdb as a superuser, without --owner.
    const bare = `${databaseName}_bare`;
    const ownerLogin = `scentia_test_owner_${suffix}`;
    await admin(`create role ${ownerLogin} login password '${password}'`);
    await admin(`create database ${bare}`);
    const address = new URL(serverUrl as string);
    address.pathname = `/${bare}`;
    address.username = ownerLogin;
    address.password = password;
    const handle = await openDatabase({ databaseUrl: address.toString(), dataDir: '', poolSize: 1 });
    try {
      await expect(handle.migrate()).rejects.toThrow(`ALTER DATABASE ${bare} OWNER TO ${ownerLogin}`);
    } finally {
      await handle.close();
      await admin(`drop database if exists ${bare} with (force)`);
      await admin(`drop role if exists ${ownerLogin}`);
    }
  });

  it('runs the server as the runtime login: writes, reads, prunes and anonymises through the owner’s functions', async () => {
    const adminEmail = `admin-${suffix}@scentia.test`;
    const adminPassword = 'Secret#123';
    // Past the retention the owner configures: the job at start-up removes it.
    await ownerClient.query(
      `insert into audit_events (occurred_at, action, record_type, record_id)
       values (now() - interval '500 days', 'roles-test-job', 'category', 'old')`,
    );
    const port = await freePort();
    const server = await startServer({
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'scentia-roles-')),
      DATABASE_URL: runtimeUrl,
      DATABASE_OWNER_URL: ownerUrl,
      AUDIT_RETENTION_DAYS: String(RETENTION_DAYS),
      JWT_SECRET: randomBytes(32).toString('hex'),
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: adminPassword,
      REDIS_URL: '',
    });
    const base = `http://127.0.0.1:${port}/api`;
    const call = async (method: string, path: string, token?: string, body?: unknown) => {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: response.status, body: (await response.json().catch(() => null)) as never };
    };
    const signIn = await call('POST', '/login', undefined, { email: adminEmail, password: adminPassword });
    expect(signIn.status).toBe(200);
    const { token } = signIn.body as { token: string };

    const created = await call('POST', '/categories', token, { name: `Pelo runtime ${suffix}` });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { categoryId } = created.body as { categoryId: number };
    const read = await call('GET', `/categories/${categoryId}`, token);
    expect(read.status).toBe(200);
    const { actor } = await one<{ actor: number | null }>(
      ownerClient,
      `select e.actor_id as actor from audit_changes c join audit_events e on e.id = c.event_id
       where c.table_name = 'categories' and c.record_id = $1`,
      [String(categoryId)],
    );
    expect(actor).not.toBeNull();

    const { id: personId } = await one<{ id: number }>(
      ownerClient,
      `insert into users (name, email, profile_id) select 'Pessoa Apagável', $1, min(id) from profiles where upper(name) <> 'ADMIN' returning id`,
      [`apagavel-${suffix}@scentia.test`],
    );
    const erased = await call('POST', `/usuario/anonymise/${personId}`, token);
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    const names = await ownerClient.query<{ name: string | null }>(
      `select coalesce(before, after) ->> 'name' as name from audit_changes where table_name = 'users' and row_key = $1`,
      [String(personId)],
    );
    expect(names.rows.map((row) => row.name)).not.toContain('Pessoa Apagável');

    // The retention job ran at start-up as the runtime login, through audit_prune.
    for (let attempt = 0; ; attempt += 1) {
      const { total } = await one<{ total: number }>(
        ownerClient,
        `select count(*)::int as total from audit_events where action = 'roles-test-job'`,
      );
      if (total === 0) break;
      if (attempt > 200) throw new Error(`the retention job did not prune:\n${server.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    server.child.kill('SIGTERM');
    await server.exited;
  });

  it('refuses to start in production as the owner, unless DATABASE_ALLOW_OWNER=true', async () => {
    const env = {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'scentia-roles-')),
      DATABASE_URL: ownerUrl,
      DATABASE_OWNER_URL: '',
      JWT_SECRET: randomBytes(32).toString('hex'),
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
      REDIS_URL: '',
    };
    const refused = await startServer({ ...env, PORT: String(await freePort()) }).then(
      () => 'started',
      (error: Error) => error.message,
    );
    expect(refused).toMatch(/Refusing to start: DATABASE_URL connects as a superuser/);
    const allowed = await startServer({
      ...env,
      PORT: String(await freePort()),
      DATABASE_ALLOW_OWNER: 'true',
    });
    allowed.child.kill('SIGTERM');
    await allowed.exited;
    // Two server processes started one after the other: longer than one test's default on a busy machine.
  }, 120_000);
});
