// Shots from diffusers on PostgreSQL (`npm run bench` runs it), in a fresh database
// `scentia_bench_device_ingestion`:
//  - BENCH_INGEST_DEVICES (default 200) devices provisioned through the device API, each reporting 20
//    capsules in a heartbeat; then batches of 100 shots (100 entries of one shot, random slots) over
//    HTTP, POST /api/device/shots, from BENCH_INGEST_CONCURRENCY (default 32) requests at once (a
//    device's batches one after the other, the devices shared among them), for BENCH_INGEST_SECONDS
//    (default 60; 10 for a quick run); one batch in BENCH_INGEST_REPLAY_EVERY (default 50) is sent a
//    second time on purpose and must be answered as already counted; shots per second;
//  - the check afterwards: the shots the API acknowledged = sum(shots.count) = sum(shot_batches.shots)
//    = sum(shot_counts_hourly.shots) = sum(capsule_shot_days.shots) = each device's hourly and daily
//    counts (migration 0038), and each capsule's level is its
//    size less its shots — not one lost or counted twice, replays included;
//  - its floor: the same rows (100 a statement, the same columns) written by plain batched INSERTs
//    into `shots` through `pg`, from as many connections for as long; and the ratio of the two.
// The server runs with DEVICE_REQUESTS_PER_MINUTE raised: the per-device limit is not what is measured.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import {
  BENCH_PROVISIONING_KEY,
  deviceBenchEnv,
  devicePoster,
  idleDevicePicker,
  provisionFleet,
  SLOTS,
  seedShopFleet,
} from './bench-fleet.mjs';
import { freshDatabase, shotBatchesFolded, startServer } from './bench-support.mjs';
import { postgresForTests } from './postgres-for-tests.mjs';

const DEVICES = Number(process.env.BENCH_INGEST_DEVICES ?? 200);
const SECONDS = Number(process.env.BENCH_INGEST_SECONDS ?? 60);
const CONCURRENCY = Number(process.env.BENCH_INGEST_CONCURRENCY ?? 32);
const REPLAY_EVERY = Number(process.env.BENCH_INGEST_REPLAY_EVERY ?? 50);
const BATCH = 100;
const CAPSULE_SIZE = 1_000_000;
const PORT = 3296;
const DATABASE = 'scentia_bench_device_ingestion';

const macOf = (index) => `B0BE70${index.toString(16).toUpperCase().padStart(6, '0')}`;
const MACS = Array.from({ length: DEVICES }, (_, index) => macOf(index));

const postgres = await postgresForTests();
if (postgres.url) await measure(postgres);
else console.log(`Device ingestion benchmark skipped: ${postgres.reason}`);

/** A batch of 100 entries of one shot each, from random slots, fired now. */
function batchOf(device) {
  device.sequence += 1;
  const at = new Date().toISOString();
  return {
    sequence: device.sequence,
    shots: Array.from({ length: BATCH }, () => ({
      at,
      slot: 1 + Math.floor(Math.random() * SLOTS),
      count: 1,
    })),
  };
}

async function ingest(base, devices) {
  let acknowledged = 0;
  let batches = 0;
  let replays = 0;
  const nextIdle = idleDevicePicker(devices);
  const until = performance.now() + SECONDS * 1000;
  const started = performance.now();
  const { post, close } = devicePoster(base, CONCURRENCY);
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        const device = nextIdle();
        if (!device) {
          await new Promise((resolve) => setImmediate(resolve));
          continue;
        }
        device.busy = true;
        const body = batchOf(device);
        const answer = await post(device, '/api/device/shots', body);
        if (!answer.isNew || answer.shots !== BATCH)
          throw new Error(`A new batch was not counted: ${JSON.stringify(answer)}`);
        acknowledged += answer.shots;
        batches += 1;
        if (batches % REPLAY_EVERY === 0) {
          const again = await post(device, '/api/device/shots', body);
          if (again.isNew || again.shots !== 0)
            throw new Error(`A replayed batch was counted: ${JSON.stringify(again)}`);
          replays += 1;
        }
        device.busy = false;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  close();
  return { acknowledged, batches, replays, seconds, shotsPerSecond: acknowledged / seconds };
}

/** The same rows through plain batched INSERTs: 100 a statement, CONCURRENCY connections, SECONDS. */
async function insertFloor(databaseUrl, client) {
  const {
    rows: [ids],
  } = await client.query(`select min(id) as first, (select min(id) from capsules) as capsule from devices`);
  let rows = 0;
  let statement = 0;
  const until = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      const connection = new pg.Client({ connectionString: databaseUrl });
      await connection.connect();
      try {
        while (performance.now() < until) {
          const slots = Array.from({ length: BATCH }, () => 1 + Math.floor(Math.random() * SLOTS));
          const device = ids.first + ((worker + statement) % DEVICES);
          statement += 1;
          const { rowCount } = await connection.query(
            `insert into shots (shot_at, device_id, location_id, campaign_id, fragrance_id, capsule_id, slot, count, batch_sequence)
             select now(), $1, 1, 1, s, $2 + s, s, 1, $3 from unnest($4::smallint[]) s`,
            [device, ids.capsule, statement, slots],
          );
          rows += rowCount;
        }
      } finally {
        await connection.end();
      }
    }),
  );
  return rows / ((performance.now() - started) / 1000);
}

async function measure(postgres) {
  const databaseUrl = await freshDatabase(postgres.url, DATABASE);
  const dataDir = mkdtempSync(join(tmpdir(), 'scentia-bench-ingest-'));
  const server = await startServer({
    port: PORT,
    databaseUrl,
    env: deviceBenchEnv(dataDir),
  });
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    await seedShopFleet(client, MACS);
    const devices = await provisionFleet(server.base, {
      macs: MACS,
      provisioningKey: BENCH_PROVISIONING_KEY,
      capsuleSize: CAPSULE_SIZE,
    });
    const load = loadavg()[0];
    const http = await ingest(server.base, devices);
    await shotBatchesFolded(client);

    const {
      rows: [sums],
    } = await client.query(`select
        (select coalesce(sum(count), 0) from shots)::bigint as raw,
        (select coalesce(sum(shots), 0) from shot_batches)::bigint as batches,
        (select coalesce(sum(shots), 0) from shot_counts_hourly)::bigint as hourly,
        (select coalesce(sum(shots), 0) from capsule_shot_days)::bigint as days,
        (select coalesce(sum(shots), 0) from shot_counts_device_hourly)::bigint as device_hours,
        (select coalesce(sum(shots), 0) from shot_counts_device_daily)::bigint as device_days,
        (select count(*) from capsules c join capsule_levels l on l.capsule_id = c.id
           left join (select capsule_id, sum(count) as shots from shots group by capsule_id) s on s.capsule_id = c.id
           where c.size_shots - l.remaining_shots <> coalesce(s.shots, 0))::int as levels_off`);
    const totals = [sums.raw, sums.batches, sums.hourly, sums.days, sums.device_hours, sums.device_days].map(
      Number,
    );
    const isExact = totals.every((total) => total === http.acknowledged) && sums.levels_off === 0;

    const floor = await insertFloor(databaseUrl, client);
    const rate = (value) => Math.round(value).toLocaleString('en-US');
    console.log(
      `\nDevice ingestion, PostgreSQL, ${DEVICES} devices, ${CONCURRENCY} requests at once, ${SECONDS} s each way` +
        ` (${cpus().length} cores, load ${load.toFixed(2)} before the run):\n`,
    );
    console.log('| how | shots/s | batches |\n|---|---|---|');
    console.log(
      `| POST /api/device/shots, batches of ${BATCH} | **${rate(http.shotsPerSecond)}** | ${rate(http.batches)} (+${http.replays} replayed) |`,
    );
    console.log(
      `| floor: batched INSERTs into shots through pg, ${BATCH} rows a statement | ${rate(floor)} | — |`,
    );
    console.log(`| ratio API / floor | **${(http.shotsPerSecond / floor).toFixed(2)}** | |`);
    console.log(
      `\nAcknowledged ${http.acknowledged} shots; shots ${totals[0]}, batches ${totals[1]}, hourly counts ${totals[2]},` +
        ` capsule days ${totals[3]}; capsules whose level disagrees with their shots: ${sums.levels_off}.` +
        ` ${isExact ? 'Exact: not one shot lost or counted twice.' : 'MISMATCH.'}`,
    );
    if (!isExact) process.exitCode = 1;
  } finally {
    await client.end().catch(() => {});
    // Waited for: a stop folds the last batches, before the cluster goes.
    await server.stop();
    postgres.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
