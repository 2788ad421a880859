// What every benchmark (bench-*.mjs) does around its measurement: a database of its own on the
// PostgreSQL server postgres-for-tests.mjs finds, the built server started on it, the bench admin
// signed in, and the latencies summed up as the figures report them.
import { spawn } from 'node:child_process';
import pg from 'pg';

/** The account the server creates at its first start (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const BENCH_ADMIN = { email: 'bench@scentia.test', password: 'bench123' };

/** The built server to measure. */
const SERVER = process.env.BENCH_SERVER ?? 'apps/api/dist/server.js';

const databaseUrlOf = (url, name) => Object.assign(new URL(url), { pathname: `/${name}` }).toString();

async function onServer(url, work) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await work(admin);
  } finally {
    await admin.end();
  }
}

/** The database `name` beside `url`, dropped and created afresh; answers its URL. */
export async function freshDatabase(url, name) {
  await onServer(url, async (admin) => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  });
  return databaseUrlOf(url, name);
}

/** The database `name` beside `url`, created when missing and otherwise kept (a data set seeded once). */
export async function keptDatabase(url, name) {
  await onServer(url, async (admin) => {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await admin.query(`create database ${name}`);
  });
  return databaseUrlOf(url, name);
}

/**
 * The built server (`serverPath`, BENCH_SERVER by default) on `port` and `databaseUrl`, with the bench
 * admin and `env` besides; resolves once /api/health answers. `stop` ends it (and resolves once it has
 * exited); so does this process's exit, so that a failed step does not
 * leave it holding the port for the next run.
 */
export async function startServer({ port, databaseUrl, env = {}, serverPath = SERVER }) {
  const server = spawn('node', [serverPath], {
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      // A bench measures the server, not the database roles (docs/deployment.md): it runs as the owner.
      DATABASE_ALLOW_OWNER: 'true',
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  /** Ends the server; resolves once it has exited (its connections closed). */
  const stop = () => {
    server.kill('SIGTERM');
    return exited;
  };
  process.on('exit', stop);
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {}
    // Migrations may rewrite a million rows on the first start after a change.
    if (attempt > 3_000) {
      stop();
      throw new Error('The server did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { base, pid: server.pid, stop };
}

/**
 * Signs `account` in; answers its token, its user and the headers of a request as that user in pt-BR.
 */
export async function signIn(base, account = BENCH_ADMIN) {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (!response.ok) throw new Error(`Sign-in of ${account.email} answered ${response.status}`);
  const { token, user } = await response.json();
  return { token, user, headers: { authorization: `Bearer ${token}`, 'content-language': 'pt-BR' } };
}

/** The `p`th percentile of values sorted ascending, as every bench here reads one. */
export const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** How many, p50, p95, p99 and the longest of `values` (milliseconds). */
export function summarize(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1),
  };
}

/** A duration as the tables print it. */
export const ms = (value) => `${value.toFixed(1)} ms`;

/**
 * Waits until no acknowledged shot batch is left unfolded (migration 0050: a batch is acknowledged by
 * its row, and the server's fold credits it to the shots, levels and counts about a second later).
 * Counts are checked, and a measured window ends, only after it. A build without the fold has nothing
 * to wait for.
 */
export async function shotBatchesFolded(client) {
  const { rows } = await client.query(`select 1 from information_schema.columns
    where table_name = 'shot_batches' and column_name = 'ats'`);
  if (rows.length === 0) return;
  for (;;) {
    const answer = await client.query(
      'select exists (select 1 from shot_batches where ats is not null) as left',
    );
    if (!answer.rows[0].left) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
