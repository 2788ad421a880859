// Successful sign-ins per second that one API instance sustains, on PostgreSQL (after `npm run build`:
// `node scripts/bench-sign-ins.mjs`; `npm run bench` runs it too), in a fresh database `scentia_bench_sign_ins`:
//  - BENCH_SIGN_IN_ACCOUNTS (default 100) staff accounts seeded by SQL with the bench admin's own password
//    hash (argon2id, the parameters of apps/api/src/lib/passwords.ts), so every sign-in checks a real hash;
//  - POST /api/login with the right password from autocannon, at each of BENCH_SIGN_IN_CONCURRENCY
//    (default 1,4,16,64) connections for BENCH_SIGN_IN_SECONDS (default 10) each; each request a
//    different account and a different client address (X-Forwarded-For behind TRUST_PROXY=1, as behind
//    a load balancer), so the per-address burst limit is not what is measured; every answer must be 200;
//  - the CPU the server process and its database backends spent per sign-in (/proc, Linux only);
//  - its floor: the same argon2id verification alone, in this process, at the same concurrencies (the
//    library's work runs on libuv's thread pool, 4 threads by default, as in the server).

import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { backendPids, cpuSecondsOf } from './bench-fleet.mjs';
import { BENCH_ADMIN, freshDatabase, ms, startServer, summarize } from './bench-support.mjs';
import { postgresForTests } from './postgres-for-tests.mjs';

const ACCOUNTS = Number(process.env.BENCH_SIGN_IN_ACCOUNTS ?? 100);
const SECONDS = Number(process.env.BENCH_SIGN_IN_SECONDS ?? 10);
const CONCURRENCIES = (process.env.BENCH_SIGN_IN_CONCURRENCY ?? '1,4,16,64').split(',').map(Number);
const PORT = 3297;
const DATABASE = 'scentia_bench_sign_ins';
/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */

// The hashing library is the API's dependency; the floor loads it from there.
const apiRequire = createRequire(new URL('../apps/api/package.json', import.meta.url));

const emailOf = (index) => `entrada${index}@bench.scentia.test`;

/** Accounts by SQL, each with the bench admin's password hash; the audit trail off, as demo data does. */
async function seedAccounts(client) {
  await client.query('begin');
  await client.query(`select set_config('scentia.audit', 'off', true)`);
  await client.query(
    `insert into users (name, email, profile_id, password_hash, confirmed_at, terms_accepted_at)
     select 'Conta de entrada ' || i, 'entrada' || i || '@bench.scentia.test', a.profile_id, a.password_hash, now(), now()
     from generate_series(0, $1::int - 1) i, (select profile_id, password_hash from users where lower(email) = lower($2)) a`,
    [ACCOUNTS, BENCH_ADMIN.email],
  );
  const {
    rows: [{ hash }],
  } = await client.query('select password_hash as hash from users where lower(email) = lower($1)', [
    BENCH_ADMIN.email,
  ]);
  await client.query('commit');
  return hash;
}

let nextClient = 0;
/** 10.x.y.z, a new one per request: each sign-in comes from its own client behind the proxy. */
const clientAddress = () => {
  nextClient += 1;
  return `10.${(nextClient >> 16) & 255}.${(nextClient >> 8) & 255}.${nextClient & 255}`;
};

async function signInPhase(base, connections) {
  const latencies = [];
  let errors = 0;
  let signedIn = 0;
  let account = 0;
  const run = autocannon({
    url: base,
    connections,
    duration: SECONDS,
    requests: [
      {
        method: 'POST',
        path: '/api/login',
        setupRequest: (request) => {
          account = (account + 1) % ACCOUNTS;
          return {
            ...request,
            headers: {
              'content-type': 'application/json',
              'x-forwarded-for': clientAddress(),
              'content-language': 'pt-BR',
            },
            body: JSON.stringify({ email: emailOf(account), password: BENCH_ADMIN.password }),
          };
        },
      },
    ],
  });
  run.on('response', (_client, statusCode, _bytes, responseTime) => {
    latencies.push(responseTime);
    if (statusCode === 200) signedIn += 1;
    else errors += 1;
  });
  const result = await run;
  return { ...summarize(latencies), signedIn, errors, seconds: result.duration ?? SECONDS };
}

/** argon2id verifications of `hash` alone, `concurrency` at a time, for SECONDS. */
async function verifyFloor(hash, concurrency) {
  const { verify } = apiRequire('@node-rs/argon2');
  let verified = 0;
  const latencies = [];
  const until = performance.now() + SECONDS * 1000;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const begun = performance.now();
        if (!(await verify(hash, BENCH_ADMIN.password))) throw new Error('The floor did not verify');
        latencies.push(performance.now() - begun);
        verified += 1;
      }
    }),
  );
  const cpu = process.cpuUsage(cpuBefore);
  return {
    perSecond: verified / ((performance.now() - started) / 1000),
    cpuPerVerification: (cpu.user + cpu.system) / 1000 / verified,
    ...summarize(latencies),
  };
}

async function measure(postgres) {
  const databaseUrl = await freshDatabase(postgres.url, DATABASE);
  const dataDir = mkdtempSync(join(tmpdir(), 'scentia-bench-sign-ins-'));
  const server = await startServer({ port: PORT, databaseUrl, env: { DATA_DIR: dataDir, TRUST_PROXY: '1' } });
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    const hash = await seedAccounts(client);
    const parameters = hash.split('$').slice(1, 4).join(' ');
    const rows = [];
    for (const connections of CONCURRENCIES) {
      const load = loadavg()[0];
      const pidsBefore = [server.pid, ...(await backendPids(client))];
      const cpuBefore = new Map(pidsBefore.map((pid) => [pid, cpuSecondsOf(pid)]));
      const phase = await signInPhase(server.base, connections);
      const pidsAfter = new Set([server.pid, ...(await backendPids(client))]);
      const spent = (pid) => cpuSecondsOf(pid) - (cpuBefore.get(pid) ?? 0);
      const serverCpu = spent(server.pid);
      const databaseCpu = [...pidsAfter]
        .filter((pid) => pid !== server.pid)
        .reduce((sum, pid) => sum + spent(pid), 0);
      const floor = await verifyFloor(hash, connections);
      rows.push({ connections, load, phase, serverCpu, databaseCpu, floor });
      if (phase.errors > 0) process.exitCode = 1;
    }

    console.log(
      `\nSign-ins, PostgreSQL, ${ACCOUNTS} accounts, ${SECONDS} s a phase (${cpus().length} cores), password hash ${parameters}:\n`,
    );
    console.log(
      '| connections | load before | sign-ins/s | errors | p50 | p95 | p99 | server CPU / sign-in | database CPU / sign-in | floor: verifications/s | floor p50 | floor CPU / verification | API / floor |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
    for (const { connections, load, phase, serverCpu, databaseCpu, floor } of rows) {
      const perSecond = phase.signedIn / SECONDS;
      console.log(
        `| ${connections} | ${load.toFixed(2)} | **${perSecond.toFixed(1)}** | ${phase.errors} | ${ms(phase.p50)} | ${ms(phase.p95)} | ${ms(phase.p99)} |` +
          ` ${ms((serverCpu * 1000) / Math.max(1, phase.signedIn))} | ${ms((databaseCpu * 1000) / Math.max(1, phase.signedIn))} |` +
          ` ${floor.perSecond.toFixed(1)} | ${ms(floor.p50)} | ${ms(floor.cpuPerVerification)} | ${(perSecond / floor.perSecond).toFixed(2)} |`,
      );
    }
    if (process.exitCode)
      console.log('\nSome sign-ins were refused: the figures above are not sign-ins alone.');
  } finally {
    await client.end().catch(() => {});
    server.stop();
    postgres.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const postgres = await postgresForTests();
if (postgres.url) await measure(postgres);
else console.log(`Sign-in benchmark skipped: ${postgres.reason}`);
