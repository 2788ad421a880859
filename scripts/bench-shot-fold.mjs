// How many acknowledged shot batches the fold credits a second, one fold at a time against several side
// by side (migration 0061), and what it costs PostgreSQL a batch; the counts checked exactly after each
// turn. After `npm run build -w apps/api`: `node scripts/bench-shot-fold.mjs` (docs/performance/
// shot-folds-side-by-side.md). A durable cluster of its own; a server whose timed fold never runs
// (SHOT_FOLD_INTERVAL_MS an hour) acknowledges BENCH_FOLD_BACKLOG (20,000) batches of 10 from
// BENCH_FOLD_DEVICES (2,000) devices, then the bench folds them itself over BENCH_FOLD_SHAPES
// ('1x1000,2x1000': folds side by side × batches a fold transaction), each shape once a turn,
// BENCH_FOLD_ROUNDS (3) turns.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { postmasterPidOf } from './bench-cpu.mjs';
import {
  BENCH_PROVISIONING_KEY,
  deviceBenchEnv,
  inParallel,
  provisionFleet,
  SLOTS,
  seedShopFleet,
} from './bench-fleet.mjs';
import { foldBacklog, foldShapesOf } from './bench-fold-backlog.mjs';
import { expectStatus, median } from './bench-request-kinds.mjs';
import { requester } from './bench-requester.mjs';
import { freshDatabase, startServer } from './bench-support.mjs';
import { onDurableCluster } from './postgres-for-tests.mjs';

const DEVICES = Number(process.env.BENCH_FOLD_DEVICES ?? 2_000);
const BACKLOG = Number(process.env.BENCH_FOLD_BACKLOG ?? 20_000);
const ROUNDS = Number(process.env.BENCH_FOLD_ROUNDS ?? 3);
const SHAPES = foldShapesOf(process.env.BENCH_FOLD_SHAPES ?? '1x1000,2x1000');
const PORT = Number(process.env.BENCH_FOLD_PORT ?? 3295);
const BATCH = 10;

const macOf = (index) => `B0C058${index.toString(16).toUpperCase().padStart(6, '0')}`;

/** BACKLOG batches of BATCH shots acknowledged through the server, each device's in sequence. */
async function acknowledgeBacklog(http, devices) {
  const at = new Date().toISOString();
  const sends = Array.from({ length: BACKLOG }, (_, index) => devices[index % devices.length]);
  // One request of a device at a time, as a diffuser sends them: each device's batches in its order.
  const byDevice = new Map(devices.map((device) => [device, 0]));
  for (const device of sends) byDevice.set(device, byDevice.get(device) + 1);
  await inParallel([...byDevice.entries()], 16, async ([device, batches]) => {
    for (let sentOfDevice = 0; sentOfDevice < batches; sentOfDevice += 1) {
      device.sequence += 1;
      const shots = Array.from({ length: BATCH }, (_, entry) => ({
        at,
        slot: 1 + ((device.sequence + entry) % SLOTS),
        count: 1,
      }));
      const answer = await http.send('POST', '/api/device/shots', device.headers, {
        sequence: device.sequence,
        shots,
      });
      expectStatus(answer, 200, 'A batch');
    }
  });
}

/** Shots sent so far against what the raw shots, the levels and each count table hold. */
async function checkCounts(client, sent) {
  const { rows } = await client.query(`select
      (select coalesce(sum(count), 0) from shots)::bigint as raw,
      (select coalesce(sum(c.size_shots - l.remaining_shots), 0) from capsule_levels l
        join capsules c on c.id = l.capsule_id)::bigint as levels,
      (select coalesce(sum(shots), 0) from capsule_shot_days)::bigint as capsule_days,
      (select coalesce(sum(shots), 0) from shot_counts_device_hourly)::bigint as device_hourly,
      (select coalesce(sum(shots), 0) from shot_counts_hourly)::bigint as hourly,
      (select coalesce(sum(shots), 0) from shot_counts_daily)::bigint as daily,
      (select coalesce(sum(shots), 0) from shot_counts_fleet_daily)::bigint as fleet_daily,
      (select coalesce(sum(shots), 0) from shot_counts_organization_daily)::bigint as organization_daily,
      (select count(*) from shot_batches where ats is not null)::bigint as unfolded`);
  const counts = rows[0];
  const wrong = Object.entries(counts).filter(
    ([name, value]) => Number(value) !== (name === 'unfolded' ? 0 : sent),
  );
  if (wrong.length > 0)
    throw new Error(`Counts differ from the ${sent} shots sent: ${JSON.stringify(counts)}`);
}

async function measure(cluster) {
  const postmaster = postmasterPidOf(cluster.dataDir);
  const databaseUrl = await freshDatabase(cluster.url, 'scentia_bench_shot_fold');
  const dataDir = mkdtempSync(join(tmpdir(), 'scentia-bench-shot-fold-'));
  const server = await startServer({
    port: PORT,
    databaseUrl,
    env: {
      ...deviceBenchEnv(dataDir),
      SHOT_FOLD_INTERVAL_MS: '3600000',
    },
  });
  const client = new pg.Client({ connectionString: databaseUrl });
  const maxSides = Math.max(...SHAPES.map((shape) => shape.sides));
  const folders = Array.from({ length: maxSides }, () => new pg.Client({ connectionString: databaseUrl }));
  const http = requester(server.base, 16);
  const results = new Map(SHAPES.map((shape) => [shape.name, []]));
  try {
    await client.connect();
    for (const folder of folders) await folder.connect();
    const macs = Array.from({ length: DEVICES }, (_, index) => macOf(index));
    await seedShopFleet(client, macs);
    const devices = await provisionFleet(server.base, {
      macs,
      provisioningKey: BENCH_PROVISIONING_KEY,
      capsuleSize: 1_000_000,
    });
    await client.query('vacuum analyze');
    let sent = 0;
    for (let round = 0; round < ROUNDS; round += 1)
      for (const shape of SHAPES) {
        await acknowledgeBacklog(http, devices);
        sent += BACKLOG * BATCH;
        await client.query('checkpoint');
        const load = loadavg()[0];
        const result = { ...(await foldBacklog(folders, postmaster, shape)), load };
        if (result.batches !== BACKLOG) throw new Error(`Folded ${result.batches} of ${BACKLOG} batches`);
        await checkCounts(client, sent);
        results.get(shape.name).push(result);
        console.log(JSON.stringify({ shape: shape.name, round, ...result }));
      }
    console.log(
      `\n${DEVICES} devices, a backlog of ${BACKLOG} batches of ${BATCH} a turn, ${ROUNDS} turns; medians, counts exact after each.\n`,
    );
    console.log('| folds side by side × batches a fold | loads | batches/s | PostgreSQL CPU a batch |');
    console.log('|---|---|---|---|');
    for (const [name, runs] of results)
      console.log(
        `| ${name} | ${runs.map((run) => run.load.toFixed(2)).join(', ')} | ${Math.round(median(runs.map((run) => run.perSecond)))} | ${median(runs.map((run) => run.cpuMsPerBatch)).toFixed(3)} ms |`,
      );
  } finally {
    http.close();
    for (const folder of folders) await folder.end().catch(() => {});
    await client.end().catch(() => {});
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await onDurableCluster(
  (process.env.BENCH_FOLD_PG_SETTINGS ?? '').split(';').filter(Boolean),
  'Shot fold bench skipped',
  measure,
);
