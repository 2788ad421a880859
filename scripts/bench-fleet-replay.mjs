// A fleet replayed in real time (issue 41 §3): BENCH_FLEET_DEVICES (300) diffusers, each beating every
// 30 s and flushing its shots every 10 s (one shot every BENCH_FLEET_SHOT_SECONDS, 2 by default, a busy
// shop), for BENCH_FLEET_SECONDS (300, the issue's 5 minutes; shorter only when asked); halfway, the
// campaign changes, so every device fetches its configuration once. Reports p50/p95/p99 per kind of
// request, errors, the share of the machine's cores the server and the whole PostgreSQL cluster used
// (and the load generator's own), and checks the counts exactly: shots acknowledged = stored = hourly
// counts, and one download of the new version per device that fetched it.
// "Held" (bench-fleet-held.mjs): every kind's p99 ≤ 250 ms, 0 errors, counts exact and server +
// PostgreSQL ≤ 60 % of the cores (BENCH_FLEET_P99_LIMIT_MS, BENCH_FLEET_CORES_LIMIT); a run not held
// names each condition that failed.
// Several sizes (BENCH_FLEET_DEVICES=8000,10000,12000, or BENCH_FLEET_SEARCH=1 from BENCH_FLEET_DEVICES
// up by BENCH_FLEET_STEP to BENCH_FLEET_MAX): each on a cluster, database and server of its own, smallest
// first, stopping at the first not held; then a table and the largest N held.
// After `npm run build -w apps/api`: `node scripts/bench-fleet-replay.mjs`; `npm run bench` runs it with
// BENCH_FLEET=1.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { clusterCpuSeconds, postmasterPidOf, processCpuSeconds } from './bench-cpu.mjs';
import {
  BENCH_PROVISIONING_KEY,
  driveDevice,
  heartbeatOf,
  provisionFleet,
  seedShopFleet,
} from './bench-fleet.mjs';
import { fleetLimits, fleetSizes, heldLine, judgeFleetRun, largestHeld } from './bench-fleet-held.mjs';
import { requester } from './bench-requester.mjs';
import { freshDatabase, shotBatchesFolded, startServer, summarize } from './bench-support.mjs';
import { throwawayCluster } from './postgres-for-tests.mjs';

const SIZES = fleetSizes(process.env);
const LIMITS = fleetLimits(process.env);
const SECONDS = Number(process.env.BENCH_FLEET_SECONDS ?? 300);
const SHOT_EVERY_SECONDS = Number(process.env.BENCH_FLEET_SHOT_SECONDS ?? 2);
const CAPSULE_SIZE = 1_000_000;
// BENCH_FLEET_PORT: another port, when a run of another build holds this one.
const PORT = Number(process.env.BENCH_FLEET_PORT ?? 3295);

const macOf = (index) => `B0F1EE${index.toString(16).toUpperCase().padStart(6, '0')}`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const percent = (share) => `${(share * 100).toFixed(1)} %`;
const f = (value) => (value === undefined ? '—' : `${value.toFixed(1)} ms`);

/** `count` devices replayed for SECONDS on `cluster`; answers the run's figures and whether it held. */
async function replay(cluster, count) {
  const postmaster = postmasterPidOf(cluster.dataDir);
  const databaseUrl = await freshDatabase(cluster.url, 'scentia_bench_fleet_replay');
  const dataDir = mkdtempSync(join(tmpdir(), 'scentia-bench-fleet-'));
  const server = await startServer({
    port: PORT,
    databaseUrl,
    env: { DATA_DIR: dataDir, DEVICE_PROVISIONING_KEY: BENCH_PROVISIONING_KEY },
  });
  const client = new pg.Client({ connectionString: databaseUrl });
  const http = requester(server.base, Math.min(count, 256));
  try {
    await client.connect();
    const macs = Array.from({ length: count }, (_, index) => macOf(index));
    await seedShopFleet(client, macs);
    const devices = await provisionFleet(server.base, {
      macs,
      provisioningKey: BENCH_PROVISIONING_KEY,
      capsuleSize: CAPSULE_SIZE,
    });
    for (const device of devices) {
      device.heartbeat = heartbeatOf(device.deviceId, CAPSULE_SIZE);
      const answer = await http.send('GET', '/api/device/config', device.headers);
      device.version = answer.body.version;
    }
    await client.query('vacuum analyze');
    const tally = {
      latencies: { heartbeat: [], shots: [], configuration: [] },
      errors: [],
      shots: 0,
      fetches: 0,
    };
    const loadBefore = loadavg()[0];
    const serverBefore = processCpuSeconds(server.pid);
    const databaseBefore = clusterCpuSeconds(postmaster);
    const loaderBefore = process.cpuUsage();
    const started = Date.now();
    const until = started + SECONDS * 1000;
    const change = sleep((SECONDS * 1000) / 2).then(() =>
      client.query(`update campaigns set name = name || ' (mudou)', updated_at = now() where id = 1`),
    );
    await Promise.all([
      change,
      ...devices.map((device) =>
        driveDevice(device, http, until, tally, { shotEverySeconds: SHOT_EVERY_SECONDS }),
      ),
    ]);
    // The fold of the last batches is the run's work too (and the counts below read it).
    await shotBatchesFolded(client);
    const wallSeconds = (Date.now() - started) / 1000;
    const loader = process.cpuUsage(loaderBefore);
    const share = (seconds) => seconds / wallSeconds / cpus().length;
    const serverShare = share(processCpuSeconds(server.pid) - serverBefore);
    const databaseShare = share(clusterCpuSeconds(postmaster) - databaseBefore);
    const loaderShare = share((loader.user + loader.system) / 1e6);
    const {
      rows: [sums],
    } = await client.query(`select (select coalesce(sum(count), 0) from shots)::bigint as raw,
        (select coalesce(sum(shots), 0) from shot_counts_hourly)::bigint as hourly,
        (select count(*) from campaign_downloads d join campaigns c on c.id = d.campaign_id
          and d.campaign_updated_at = c.updated_at)::int as downloads`);
    const isExact =
      Number(sums.raw) === tally.shots &&
      Number(sums.hourly) === tally.shots &&
      sums.downloads === tally.fetches;
    const all = Object.values(tally.latencies).flat();
    const summaries = Object.fromEntries(
      Object.entries(tally.latencies).map(([kind, values]) => [kind, summarize(values)]),
    );
    const run = {
      devices: count,
      requestsPerSecond: all.length / wallSeconds,
      p99ByKind: Object.fromEntries(Object.entries(summaries).map(([kind, s]) => [kind, s.p99])),
      errors: tally.errors.length,
      isExact,
      coresShare: serverShare + databaseShare,
      loadBefore,
    };
    const judgement = judgeFleetRun(run, LIMITS);
    console.log(
      `\nFleet replay: ${count} devices for ${SECONDS} s (load ${loadBefore.toFixed(2)} before), ${all.length} requests, ${run.requestsPerSecond.toFixed(1)}/s:\n`,
    );
    console.log('| kind | requests | p50 | p95 | p99 |');
    console.log('|---|---|---|---|---|');
    for (const [kind, s] of Object.entries(summaries))
      console.log(`| ${kind} | ${s.count} | ${f(s.p50)} | ${f(s.p95)} | ${f(s.p99)} |`);
    console.log(
      `\nErrors ${tally.errors.length}${tally.errors.length ? ` (first: ${tally.errors[0]})` : ''}.` +
        ` Cores used: server ${percent(serverShare)}, PostgreSQL ${percent(databaseShare)}, together ${percent(run.coresShare)}` +
        ` (the load generator ${percent(loaderShare)}; load ${loadavg()[0].toFixed(2)} after).` +
        ` Shots acknowledged ${tally.shots}, stored ${sums.raw}, hourly ${sums.hourly}; new version fetched ${tally.fetches}, downloads ${sums.downloads}: ${isExact ? 'exact' : 'MISMATCH'}.` +
        `\n${heldLine(run, judgement, LIMITS)}`,
    );
    // Counts not exact is a defect, not a capacity: the run fails.
    if (!isExact) process.exitCode = 1;
    return { ...run, ...judgement };
  } finally {
    http.close();
    await client.end().catch(() => {});
    // Waited for: a stop folds the last batches, before the cluster goes.
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The sizes run, one line each, and the largest held. */
function printSearch(runs) {
  console.log(
    `\nFleet sizes, ${SECONDS} s each (held: every kind's p99 ≤ ${f(LIMITS.p99Ms)}, 0 errors, counts exact, server + PostgreSQL ≤ ${(LIMITS.coresShare * 100).toFixed(0)} % of the cores):\n`,
  );
  console.log(
    '| devices | load before | requests/s | heartbeat p99 | shots p99 | configuration p99 | errors | counts | cores: server + PostgreSQL | held |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const run of runs) {
    const { heartbeat, shots, configuration } = run.p99ByKind;
    console.log(
      `| ${run.devices} | ${run.loadBefore.toFixed(2)} | ${run.requestsPerSecond.toFixed(1)} | ${f(heartbeat)} | ${f(shots)} | ${f(configuration)} | ${run.errors} | ${run.isExact ? 'exact' : 'MISMATCH'} | ${percent(run.coresShare)} | ${run.isHeld ? 'yes' : `no: ${run.failures.join('; ')}`} |`,
    );
  }
  const largest = largestHeld(runs);
  const last = runs.at(-1);
  const untried = SIZES.length - runs.length;
  const why = last.isHeld
    ? 'every size asked held; a larger N was not tried'
    : `${last.devices} not held${untried > 0 ? `, ${untried} larger size${untried === 1 ? '' : 's'} not run` : ''}`;
  console.log(`\nLargest N held: ${largest ?? 'none'} (${why}).`);
}

const runs = [];
for (const count of SIZES) {
  // A cluster of its own for each size: no run inherits another's tables, WAL or checkpoints.
  const cluster = await throwawayCluster({ isDurable: true });
  if (!cluster.url) {
    console.log(`Fleet replay skipped: ${cluster.reason}`);
    break;
  }
  try {
    runs.push(await replay(cluster, count));
  } finally {
    cluster.stop();
  }
  if (!runs.at(-1).isHeld) break;
}
if (SIZES.length > 1 && runs.length > 0) printSearch(runs);
