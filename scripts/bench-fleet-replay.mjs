// A fleet replayed in real time (issue 41 §3), short by default: BENCH_FLEET_DEVICES (300) diffusers,
// each beating every 30 s and flushing its shots every 10 s (one shot every BENCH_FLEET_SHOT_SECONDS, 2
// by default, a busy shop), for BENCH_FLEET_SECONDS (60); halfway, the campaign changes, so every device
// fetches its configuration once. Reports p50/p95/p99 per kind of request, errors, the share of the
// machine's cores the server and the whole PostgreSQL cluster used, and checks the counts exactly:
// shots acknowledged = stored = hourly counts, and one download of the new version per device that
// fetched it. After `npm run build -w apps/api`: `node scripts/bench-fleet-replay.mjs`; `npm run bench`
// runs it with BENCH_FLEET=1. "Held" means p99 ≤ 250 ms and no error.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { clusterCpuSeconds, postmasterPidOf, processCpuSeconds } from './bench-cpu.mjs';
import { driveDevice, heartbeatOf, provisionFleet, seedShopFleet } from './bench-fleet.mjs';
import { requester } from './bench-requester.mjs';
import { freshDatabase, shotBatchesFolded, startServer, summarize } from './bench-support.mjs';
import { throwawayCluster } from './postgres-for-tests.mjs';

const DEVICES = Number(process.env.BENCH_FLEET_DEVICES ?? 300);
const SECONDS = Number(process.env.BENCH_FLEET_SECONDS ?? 60);
const SHOT_EVERY_SECONDS = Number(process.env.BENCH_FLEET_SHOT_SECONDS ?? 2);
const P99_LIMIT_MS = 250;
const CAPSULE_SIZE = 1_000_000;
// BENCH_FLEET_PORT: another port, when a run of another build holds this one.
const PORT = Number(process.env.BENCH_FLEET_PORT ?? 3295);
const PROVISIONING_KEY = 'bench-provisioning-key-0123456789';

const macOf = (index) => `B0F1EE${index.toString(16).toUpperCase().padStart(6, '0')}`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function replay(cluster) {
  const postmaster = postmasterPidOf(cluster.dataDir);
  const databaseUrl = await freshDatabase(cluster.url, 'scentia_bench_fleet_replay');
  const dataDir = mkdtempSync(join(tmpdir(), 'scentia-bench-fleet-'));
  const server = await startServer({
    port: PORT,
    databaseUrl,
    env: { DATA_DIR: dataDir, DEVICE_PROVISIONING_KEY: PROVISIONING_KEY },
  });
  const client = new pg.Client({ connectionString: databaseUrl });
  const http = requester(server.base, Math.min(DEVICES, 256));
  try {
    await client.connect();
    const macs = Array.from({ length: DEVICES }, (_, index) => macOf(index));
    await seedShopFleet(client, macs);
    const devices = await provisionFleet(server.base, {
      macs,
      provisioningKey: PROVISIONING_KEY,
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
    const serverShare = (processCpuSeconds(server.pid) - serverBefore) / wallSeconds / cpus().length;
    const databaseShare = (clusterCpuSeconds(postmaster) - databaseBefore) / wallSeconds / cpus().length;
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
    const p99 = summarize(all).p99 ?? 0;
    const isHeld = p99 <= P99_LIMIT_MS && tally.errors.length === 0 && isExact;
    console.log(
      `\nFleet replay: ${DEVICES} devices for ${SECONDS} s (load ${loadBefore.toFixed(2)} before), ${all.length} requests, ${(all.length / wallSeconds).toFixed(1)}/s:\n`,
    );
    console.log('| kind | requests | p50 | p95 | p99 |');
    console.log('|---|---|---|---|---|');
    for (const [kind, values] of Object.entries(tally.latencies)) {
      const s = summarize(values);
      const f = (value) => (value === undefined ? '—' : `${value.toFixed(1)} ms`);
      console.log(`| ${kind} | ${s.count} | ${f(s.p50)} | ${f(s.p95)} | ${f(s.p99)} |`);
    }
    console.log(
      `\nErrors ${tally.errors.length}${tally.errors.length ? ` (first: ${tally.errors[0]})` : ''}. Cores used: server ${(serverShare * 100).toFixed(1)} %, PostgreSQL ${(databaseShare * 100).toFixed(1)} %.` +
        ` Shots acknowledged ${tally.shots}, stored ${sums.raw}, hourly ${sums.hourly}; new version fetched ${tally.fetches}, downloads ${sums.downloads}: ${isExact ? 'exact' : 'MISMATCH'}.` +
        ` ${isHeld ? 'Held' : 'Not held'} (p99 ${p99.toFixed(1)} ms, limit ${P99_LIMIT_MS} ms).`,
    );
    if (!isExact) process.exitCode = 1;
  } finally {
    http.close();
    await client.end().catch(() => {});
    // Waited for: a stop folds the last batches, before the cluster goes.
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const cluster = await throwawayCluster({ isDurable: true });
if (!cluster.url) console.log(`Fleet replay skipped: ${cluster.reason}`);
else {
  try {
    await replay(cluster);
  } finally {
    cluster.stop();
  }
}
