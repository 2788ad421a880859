import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeviceSecretBox } from '../src/lib/device-secrets.ts';
import {
  stopWithSigterm,
  tail,
  type WatchedProcess,
  waitUntilAnswers,
  watchProcess,
} from './process-output.ts';
import { freePort } from './spawned-server.ts';

/**
 * Backup and restore as docs/deployment.md tells an operator to do them, with its two roles: the demo
 * data loaded into a database the owner role owns, `pg_dump` of it as the owner, then a copy of its
 * files folder; the database dropped; `createdb --owner` and `pg_restore` as the owner into a fresh
 * database and the copy into a fresh folder; the server started on them as the runtime login (the owner
 * migrating) serves the records, their images and the accounts' sign-in.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const apiFolder = fileURLToPath(new URL('../', import.meta.url));
const DEMO = { email: 'gestora@scentia.test', password: 'demo1234' };
/** The owner's sessions read as the staff: it is held by row-level security too (migration 0039). */
const STAFF_SCOPE = '-c scentia.scope=staff';
/** The demo data on a busy two-core machine takes a minute or two. */
const STEP_TIMEOUT_MS = 300_000;

/**
 * pg_dump, pg_restore and createdb of the server's major version (a pg_dump older than the server refuses to
 * dump it), from the installed PostgreSQL folders; the ones on PATH when they are that version.
 */
async function findDumpTools(url: string): Promise<{ bin: string } | { skipReason: string }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ version: string }>(
    "select current_setting('server_version_num') as version",
  );
  await client.end();
  const major = Math.floor(Number(rows[0]?.version) / 10_000);
  const candidates = [`/usr/lib/postgresql/${major}/bin`, `/usr/pgsql-${major}/bin`];
  const onPath = spawnSync('pg_dump', ['--version'], { encoding: 'utf8' });
  if (onPath.status === 0 && new RegExp(`\\) ${major}\\.`).test(onPath.stdout)) candidates.push('');
  const bin = candidates.find(
    (folder) =>
      folder === '' || ['pg_dump', 'pg_restore', 'createdb'].every((tool) => existsSync(join(folder, tool))),
  );
  return bin === undefined
    ? {
        skipReason: `no pg_dump, pg_restore and createdb of PostgreSQL ${major} (apt-get install postgresql-client-${major})`,
      }
    : { bin };
}

const tools = serverUrl ? await findDumpTools(serverUrl) : undefined;
const skipReason = !serverUrl
  ? 'PostgreSQL only (TEST_DATABASE_URL): PGlite is backed up by copying DATA_DIR with the server stopped'
  : tools && 'skipReason' in tools
    ? tools.skipReason
    : false;
if (skipReason) console.info(`backup and restore: skipped, ${skipReason}`);

/** The database `name` on the test's server, as `login` when one is given (else its superuser). */
function databaseUrl(name: string, login?: { name: string; password: string }): string {
  const url = new URL(serverUrl as string);
  url.pathname = `/${name}`;
  if (login) {
    url.username = login.name;
    url.password = login.password;
  }
  return url.toString();
}

async function onServer(statement: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

function runTool(bin: string, tool: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(bin ? join(bin, tool) : tool, args, {
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) throw new Error(`${tool} failed (${result.status}):\n${result.stderr}`);
}

describe.skipIf(skipReason)(`backup and restore${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  const suffix = randomBytes(6).toString('hex');
  const original = `scentia_backup_${suffix}`;
  const restored = `scentia_restored_${suffix}`;
  // docs/deployment.md's scentia_owner and scentia_app, named for this run: roles belong to the server.
  const owner = { name: `scentia_test_owner_${suffix}`, password: randomBytes(12).toString('hex') };
  const runtime = { name: `scentia_test_app_${suffix}`, password: randomBytes(12).toString('hex') };
  // Made in beforeAll: a skipped describe still runs its body, and would leave an empty folder behind.
  let folder = '';
  let originalData = '';
  let restoredData = '';
  let backup = '';
  const bin = tools && 'bin' in tools ? tools.bin : '';
  let server: WatchedProcess | undefined;
  let base = '';
  let counts: { fragrances: number; users: number; shots: number };

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'scentia-backup-'));
    originalData = join(folder, 'original');
    restoredData = join(folder, 'restored');
    backup = join(folder, 'backup');
    // "Database roles", once, as a superuser; the group may exist already (other databases share it).
    await onServer(`create role ${owner.name} login password '${owner.password}'`);
    await onServer('create role scentia_runtime nologin').catch((error: { code?: string }) => {
      if (error.code !== '42710' && error.code !== '23505') throw error;
    });
    await onServer('create role scentia_member nologin').catch((error: { code?: string }) => {
      if (error.code !== '42710' && error.code !== '23505') throw error;
    });
    await onServer('create role scentia_member_limited nologin').catch((error: { code?: string }) => {
      if (error.code !== '42710' && error.code !== '23505') throw error;
    });
    await onServer('grant scentia_member to scentia_member_limited');
    await onServer('grant scentia_member, scentia_member_limited to scentia_runtime');
    await onServer('alter role scentia_runtime noinherit');
    await onServer(
      `create role ${runtime.name} login password '${runtime.password}' in role scentia_runtime`,
    );
    await onServer(`create database ${original} owner ${owner.name}`);
    const demo = watchProcess(process.execPath, ['--import', 'tsx', 'src/demo-data.ts'], {
      cwd: apiFolder,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl(original, owner),
        DATA_DIR: originalData,
        LOG_LEVEL: 'warn',
      },
    });
    const code = await demo.exited;
    if (code !== 0) throw new Error(`The demo data failed (${code}):\n${tail(demo.output())}`);

    const client = new pg.Client({ connectionString: databaseUrl(original, owner), options: STAFF_SCOPE });
    await client.connect();
    const { rows } = await client.query<typeof counts>(`select
      (select count(*)::int from fragrances) as fragrances,
      (select count(*)::int from users) as users,
      (select coalesce(sum(count), 0)::int from shots) as shots`);
    await client.end();
    counts = rows[0] as typeof counts;

    // The database first, then the files: every file a dumped row names was stored before the dump.
    mkdirSync(backup);
    // The owner is held by row-level security (migration 0039): it reads every row as the staff.
    runTool(
      bin,
      'pg_dump',
      [
        '--format=custom',
        '--enable-row-security',
        `--file=${join(backup, 'scentia.dump')}`,
        databaseUrl(original, owner),
      ],
      { PGOPTIONS: STAFF_SCOPE },
    );
    cpSync(join(originalData, 'files'), join(backup, 'files'), { recursive: true });
    cpSync(join(originalData, 'device-secret-key'), join(backup, 'device-secret-key'));
    await onServer(`drop database ${original} with (force)`);
    rmSync(originalData, { recursive: true, force: true });

    // The recipe's two lines: a fresh database from template0 (nothing a template1 may hold) that the
    // owner owns, created by a superuser; the dump restored into it by the owner.
    runTool(bin, 'createdb', [
      `--owner=${owner.name}`,
      '--template=template0',
      `--maintenance-db=${serverUrl}`,
      restored,
    ]);
    runTool(bin, 'pg_restore', [
      '--exit-on-error',
      `--dbname=${databaseUrl(restored, owner)}`,
      join(backup, 'scentia.dump'),
    ]);
    cpSync(join(backup, 'files'), join(restoredData, 'files'), { recursive: true });
    cpSync(join(backup, 'device-secret-key'), join(restoredData, 'device-secret-key'));

    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    // No JWT_SECRET: the restored database holds the key the original one generated.
    const inherited = { ...process.env };
    for (const name of ['JWT_SECRET', 'REDIS_URL', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'DATABASE_ALLOW_OWNER'])
      delete inherited[name];
    server = watchProcess(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: apiFolder,
      env: {
        ...inherited,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_LEVEL: 'warn',
        DATABASE_URL: databaseUrl(restored, runtime),
        DATABASE_OWNER_URL: databaseUrl(restored, owner),
        DATABASE_POOL_SIZE: '4',
        DATA_DIR: restoredData,
      },
    });
    await waitUntilAnswers(`${base}/api/health/ready`, server, STEP_TIMEOUT_MS);
  }, STEP_TIMEOUT_MS * 2);

  afterAll(async () => {
    if (server?.child.exitCode === null) await stopWithSigterm(server).catch(() => undefined);
    await onServer(`drop database if exists ${original} with (force)`);
    await onServer(`drop database if exists ${restored} with (force)`);
    for (const login of [runtime, owner]) await onServer(`drop role if exists ${login.name}`);
    if (folder) rmSync(folder, { recursive: true, force: true });
  }, 60_000);

  it('serves the restored records and their images, signed in as the demo administrator', async () => {
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO),
    });
    expect(login.status, await login.clone().text()).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const authorization = { authorization: `Bearer ${token}` };

    const list = await fetch(`${base}/api/fragrances?page=1&perPage=50`, { headers: authorization });
    expect(list.status, await list.clone().text()).toBe(200);
    const page = (await list.json()) as {
      total: number;
      data: { fragranceId: number; image: { tempUri: string; thumbnailUri: string } | null }[];
    };
    expect(page.total).toBeGreaterThan(0);
    const withImage = page.data.find((fragrance) => fragrance.image);
    expect(withImage).toBeDefined();

    const one = await fetch(`${base}/api/fragrances/${withImage?.fragranceId}`, { headers: authorization });
    expect(one.status).toBe(200);
    const { image } = (await one.json()) as { image: { tempUri: string; thumbnailUri: string } };
    for (const uri of [image.tempUri, image.thumbnailUri]) {
      const file = await fetch(new URL(uri, base));
      expect(file.status, uri).toBe(200);
      // The bytes the original folder held, byte for byte.
      const key = new URL(uri, base).pathname.replace(/^\/api\/files\//, '');
      expect(Buffer.from(await file.arrayBuffer()).equals(readFileSync(join(backup, 'files', key)))).toBe(
        true,
      );
    }
  });

  it('restores every file the rows name, the counts of people and shots, and the devices’ secrets', async () => {
    const client = new pg.Client({ connectionString: databaseUrl(restored, owner), options: STAFF_SCOPE });
    await client.connect();
    try {
      const { rows } = await client.query<typeof counts>(`select
        (select count(*)::int from fragrances) as fragrances,
        (select count(*)::int from users) as users,
        (select coalesce(sum(count), 0)::int from shots) as shots`);
      expect(rows[0]).toEqual(counts);
      const named = await client.query<{ key: string }>(
        `select image_key as key from fragrances where image_key is not null
         union select thumbnail_key from fragrances where thumbnail_key is not null`,
      );
      expect(named.rows.length).toBeGreaterThan(0);
      const missing = named.rows.filter((row) => !existsSync(join(restoredData, 'files', row.key)));
      expect(missing).toEqual([]);
      // The devices' sealed secrets open with the key restored beside the dump.
      const sealed = await client.query<{ secret: string }>(
        'select secret_ciphertext as secret from devices where secret_ciphertext is not null',
      );
      expect(sealed.rows.length).toBeGreaterThan(0);
      const box = await createDeviceSecretBox({ configuredKey: undefined, dataDir: restoredData });
      for (const row of sealed.rows) expect(box.open(row.secret).length).toBeGreaterThan(0);
    } finally {
      await client.end();
    }
    expect(readdirSync(join(restoredData, 'files')).length).toBeGreaterThan(0);
  });

  it('stops on SIGTERM with exit code 0', async () => {
    expect(await stopWithSigterm(server as WatchedProcess)).toBe(0);
  }, 60_000);
});
