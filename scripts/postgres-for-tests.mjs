// Finds a PostgreSQL server for the API suite: TEST_DATABASE_URL, else the one on 127.0.0.1:5432,
// else a throwaway cluster started from the installed binaries. Answers undefined (with the reason)
// when none can be had, so the caller can say plainly that it skipped.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

async function answers(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

function findBinaries() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const version = readdirSync(base).sort().pop();
  const bin = version && join(base, version, 'bin');
  return bin && existsSync(join(bin, 'initdb')) ? bin : undefined;
}

/** @returns {Promise<{ url?: string, reason?: string, stop: () => void }>} */
export async function postgresForTests() {
  const none = () => {};
  if (process.env.TEST_DATABASE_URL) return { url: process.env.TEST_DATABASE_URL, stop: none };
  const local = 'postgres://postgres@127.0.0.1:5432/postgres';
  if (await answers(local)) return { url: local, stop: none };

  return throwawayCluster();
}

/**
 * A cluster of its own from the installed binaries, on a free port. `isDurable` keeps fsync on (a
 * measurement of what a commit costs); `settings` are more `-c name=value` for the server.
 * @returns {Promise<{ url?: string, reason?: string, dataDir?: string, stop: () => void }>}
 */
export async function throwawayCluster({ isDurable = false, settings = [] } = {}) {
  const none = () => {};
  const bin = findBinaries();
  if (!bin)
    return {
      reason:
        'no PostgreSQL answers on 127.0.0.1:5432 and no binaries are installed (apt-get install postgresql)',
      stop: none,
    };

  // initdb refuses to run as root, so a root caller runs the cluster as the postgres system user.
  const isRoot = process.getuid?.() === 0;
  const asServerUser = (command, args) =>
    isRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  const folder = mkdtempSync(join(tmpdir(), 'scentia-pg-'));
  chmodSync(folder, 0o777);
  const dataDir = join(folder, 'data');
  const port = await freePort();
  const run = (command, args) => {
    const [program, programArgs] = asServerUser(command, args);
    return spawnSync(program, programArgs, { encoding: 'utf8' });
  };
  const init = run(join(bin, 'initdb'), [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-sync',
  ]);
  if (init.status !== 0)
    return { reason: `initdb failed: ${init.stderr.trim().split('\n').pop()}`, stop: none };
  const start = run(join(bin, 'pg_ctl'), [
    '-D',
    dataDir,
    '-w',
    '-l',
    join(folder, 'server.log'),
    '-o',
    [
      `-p ${port} -c listen_addresses=127.0.0.1 -k ${folder}`,
      ...(isDurable ? [] : ['-c fsync=off']),
      ...settings.map((setting) => `-c ${setting}`),
    ].join(' '),
    'start',
  ]);
  if (start.status !== 0)
    return { reason: `the throwaway cluster did not start: ${start.stderr.trim()}`, stop: none };
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  console.log(`Started a throwaway PostgreSQL cluster on port ${port} for the API suite.`);
  return {
    url,
    dataDir,
    stop: () => {
      const [program, programArgs] = asServerUser(join(bin, 'pg_ctl'), [
        '-D',
        dataDir,
        '-m',
        'immediate',
        'stop',
      ]);
      try {
        execFileSync(program, programArgs, { stdio: 'ignore' });
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
  };
}

/**
 * Runs `measure(cluster)` on a durable throwaway cluster (fsync on, `settings` besides), then stops
 * it; says `skipped` and why when no cluster can be made. Answers what `measure` answered.
 */
export async function onDurableCluster(settings, skipped, measure) {
  const cluster = await throwawayCluster({ isDurable: true, settings });
  if (!cluster.url) {
    console.log(`${skipped}: ${cluster.reason}`);
    return undefined;
  }
  try {
    return await measure(cluster);
  } finally {
    cluster.stop();
  }
}
