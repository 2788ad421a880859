// What one device request costs in CPU, by kind, with every process that serves it counted: the server
// and the whole PostgreSQL cluster (backends, WAL writer, checkpointer, background writer, autovacuum),
// on a cluster of its own with fsync on, so that nothing else on the machine is charged to it.
// After `npm run build -w apps/api`: `node scripts/bench-device-request-cost.mjs` (docs/performance/
// device-request-cost.md). Each kind runs BENCH_COST_RUNS (3) times for BENCH_COST_SECONDS (5) s from
// BENCH_COST_CONCURRENCY (16) requests at once over BENCH_COST_DEVICES (1,000) devices; the table has
// the median of the runs' CPU and WAL bytes per request and the load average at each run's start, then
// PostgreSQL's CPU split by process (backends, WAL writer, checkpointer, autovacuum, ended ones). Then
// GET /api/health/live against a bare Fastify route answering the same JSON (autocannon, 8
// connections). BENCH_COST_KINDS (comma-separated names) runs a subset; BENCH_SERVER another build;
// BENCH_COST_STATEMENTS=1 prints each kind's 16 costliest statements by time (pg_stat_statements, preloaded with
// BENCH_COST_PG_SETTINGS='shared_preload_libraries=pg_stat_statements;pg_stat_statements.track_planning=on');
// With BENCH_SERVER=scripts/profiled-server.mjs and PROFILE_DIR, one CPU profile of the server a kind.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { postmasterPidOf, processCpuSeconds } from './bench-cpu.mjs';
import { BENCH_PROVISIONING_KEY, deviceBenchEnv, provisionFleet, seedShopFleet } from './bench-fleet.mjs';
import { expectStatus, measureKind, requestKinds } from './bench-request-kinds.mjs';
import { requester } from './bench-requester.mjs';
import { freshDatabase, startServer } from './bench-support.mjs';
import { onDurableCluster } from './postgres-for-tests.mjs';

const DEVICES = Number(process.env.BENCH_COST_DEVICES ?? 1_000);
const SECONDS = Number(process.env.BENCH_COST_SECONDS ?? 5);
const RUNS = Number(process.env.BENCH_COST_RUNS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_COST_CONCURRENCY ?? 16);
const ONLY = process.env.BENCH_COST_KINDS?.split(',');
const WITH_STATEMENTS = process.env.BENCH_COST_STATEMENTS === '1';
const WITH_TABLES = process.env.BENCH_COST_TABLES === '1';
const IS_PROFILED = process.env.BENCH_SERVER?.endsWith('profiled-server.mjs');
const SPARE_MACS = 30_000;
const CAPSULE_SIZE = 1_000_000;
// BENCH_COST_PORT: two builds measured side by side, in the same minutes of a loaded machine.
const PORT = Number(process.env.BENCH_COST_PORT ?? 3297);
const BARE_PORT = PORT - 1;

const macOf = (index) => `B0C057${index.toString(16).toUpperCase().padStart(6, '0')}`;

/** The statements run since the last reset, by time (planning and execution) and buffers read, per call. */
async function printStatements(client, requests) {
  const { rows } = await client.query(`select calls, plans, total_plan_time as plan, total_exec_time as exec,
      shared_blks_hit + shared_blks_read as blocks, left(regexp_replace(query, '\\s+', ' ', 'g'), 90) as query
    from pg_stat_statements where query not like '%pg_stat_statements%'
    order by total_plan_time + total_exec_time desc limit 16`);
  for (const row of rows)
    console.log(
      `  ${(row.calls / requests).toFixed(2)} calls/request, ${row.plans} plans, plan ${((row.plan * 1000) / row.calls).toFixed(0)} µs + run ${((row.exec * 1000) / row.calls).toFixed(0)} µs, ${(row.blocks / row.calls).toFixed(0)} buffers: ${row.query}`,
    );
}

/** Each table's row writes so far (pg_stat_user_tables), to tell HOT updates from new versions. */
async function tableWrites(client) {
  await client.query('select pg_stat_force_next_flush()').catch(() => {});
  const { rows } = await client.query(`select relname, n_tup_ins as ins, n_tup_upd as upd,
      n_tup_hot_upd as hot, n_tup_del as del from pg_stat_user_tables`);
  return new Map(rows.map((row) => [row.relname, row]));
}

/** The tables written during a kind, per request: inserts, updates (of which HOT), deletes. */
function printTableWrites(before, after, requests) {
  const per = (value) => (value / requests).toFixed(2);
  for (const [name, row] of after) {
    const was = before.get(name) ?? { ins: 0, upd: 0, hot: 0, del: 0 };
    const [ins, upd, hot, del] = ['ins', 'upd', 'hot', 'del'].map(
      (key) => Number(row[key]) - Number(was[key]),
    );
    if (ins + upd + del === 0) continue;
    console.log(
      `  ${name}: ${per(ins)} inserts, ${per(upd)} updates (${per(hot)} HOT), ${per(del)} deletes a request`,
    );
  }
}

/** Server CPU per request of GET `path` under autocannon (8 connections, SECONDS s). */
function autocannonCost(pid, url) {
  const before = processCpuSeconds(pid);
  const run = spawnSync('npx', ['autocannon', '-c', '8', '-d', String(SECONDS), '-j', url], {
    encoding: 'utf8',
  });
  const spent = processCpuSeconds(pid) - before;
  const result = JSON.parse(run.stdout);
  return {
    perRequestMs: (spent * 1000) / result.requests.total,
    requests: result.requests.total,
    errors: result.errors + result.non2xx,
  };
}

const BARE_FASTIFY = `const app = require('fastify')();
app.get('/api/health/live', async () => ({ status: 'ok', uptimeSeconds: Math.round(process.uptime()) }));
app.listen({ port: ${BARE_PORT}, host: '127.0.0.1' }).then(() => console.log('ready'));`;

async function healthComparison(server) {
  const rows = [];
  const load = loadavg()[0];
  rows.push({
    name: 'GET /api/health/live, the server',
    load,
    ...autocannonCost(server.pid, `${server.base}/api/health/live`),
  });
  const bare = spawn('node', ['-e', BARE_FASTIFY], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve) => bare.stdout.once('data', resolve));
  rows.push({
    name: 'the same JSON from a bare Fastify route',
    load: loadavg()[0],
    ...autocannonCost(bare.pid, `http://127.0.0.1:${BARE_PORT}/api/health/live`),
  });
  bare.kill();
  return rows;
}

async function measure(cluster) {
  const postmaster = postmasterPidOf(cluster.dataDir);
  const databaseUrl = await freshDatabase(cluster.url, 'scentia_bench_request_cost');
  const dataDir = mkdtempSync(join(tmpdir(), 'scentia-bench-request-cost-'));
  const server = await startServer({
    port: PORT,
    databaseUrl,
    env: deviceBenchEnv(dataDir),
  });
  const client = new pg.Client({ connectionString: databaseUrl });
  const http = requester(server.base, CONCURRENCY);
  try {
    await client.connect();
    const macs = Array.from({ length: DEVICES }, (_, index) => macOf(index));
    await seedShopFleet(client, macs);
    await client.query(
      `insert into devices (mac_address, location_id, organization_id, campaign_id)
      select unnest($1::text[]), 1, 1, 1`,
      [Array.from({ length: SPARE_MACS }, (_, index) => macOf(DEVICES + index))],
    );
    const devices = await provisionFleet(server.base, {
      macs,
      provisioningKey: BENCH_PROVISIONING_KEY,
      capsuleSize: CAPSULE_SIZE,
    });
    for (const device of devices) {
      const answer = await http.send('GET', '/api/device/config', device.headers);
      device.etag = expectStatus(answer, 200, 'A first configuration fetch') && answer.headers.etag;
    }
    let spare = DEVICES;
    const nextSpareMac = () => macOf(spare++).replace(/(..)(?=.)/g, '$1:');
    await client.query('vacuum analyze');
    const table = [];
    if (WITH_STATEMENTS) await client.query('create extension if not exists pg_stat_statements');
    const kinds = requestKinds(http, {
      capsuleSize: CAPSULE_SIZE,
      nextSpareMac,
      provisioningKey: BENCH_PROVISIONING_KEY,
      only: ONLY,
    });
    for (const kind of kinds) {
      if (WITH_STATEMENTS) await client.query('select pg_stat_statements_reset()');
      if (IS_PROFILED) process.kill(server.pid, 'SIGUSR2');
      const writesBefore = WITH_TABLES ? await tableWrites(client) : undefined;
      const { row, runs } = await measureKind(kind, {
        devices,
        client,
        serverPids: [server.pid],
        postmaster,
        runs: RUNS,
        seconds: SECONDS,
        concurrency: CONCURRENCY,
      });
      if (IS_PROFILED) process.kill(server.pid, 'SIGUSR2');
      table.push(row);
      console.log(JSON.stringify({ ...row, runs }));
      if (writesBefore) {
        // The stop's fold is not waited for here: the fold of the last second's batches may be missing.
        await new Promise((resolve) => setTimeout(resolve, 1500));
        printTableWrites(
          writesBefore,
          await tableWrites(client),
          runs.reduce((sum, run) => sum + run.count, 0),
        );
      }
      if (WITH_STATEMENTS)
        await printStatements(
          client,
          runs.reduce((sum, run) => sum + run.count, 0),
        );
    }
    const health = ONLY ? [] : await healthComparison(server);
    console.log(
      `\n${DEVICES} devices, ${CONCURRENCY} requests at once, ${RUNS} runs of ${SECONDS} s a kind; medians.\n`,
    );
    console.log(
      '| request | load at each run | requests/s | server CPU / request | PostgreSQL CPU / request | total | WAL / request |',
    );
    console.log('|---|---|---|---|---|---|---|');
    const f = (value) => `${value.toFixed(3)} ms`;
    for (const row of table)
      console.log(
        `| ${row.kind} | ${row.loads} | ${Math.round(row.perSecond)} | ${f(row.serverMs)} | ${f(row.databaseMs)} | **${f(row.totalMs)}** | ${Math.round(row.walBytes)} B |`,
      );
    for (const row of health)
      console.log(
        `| ${row.name} | ${row.load.toFixed(2)} | ${Math.round(row.requests / SECONDS)} (errors ${row.errors}) | ${f(row.perRequestMs)} | — | — |`,
      );
    console.log('\nPostgreSQL CPU / request by process (medians of the runs):\n');
    for (const row of table)
      console.log(
        `- ${row.kind}: ${Object.entries(row.databaseMsByRole)
          .filter(([, ms]) => ms > 0)
          .sort(([, a], [, b]) => b - a)
          .map(([role, ms]) => `${role} ${f(ms)}`)
          .join(', ')}`,
      );
  } finally {
    http.close();
    await client.end().catch(() => {});
    // Waited for: a stop folds the last batches, before the cluster goes.
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await onDurableCluster(
  (process.env.BENCH_COST_PG_SETTINGS ?? '').split(';').filter(Boolean),
  'Device request cost skipped',
  measure,
);
