// The device API's requests as a fleet sends them, on PostgreSQL (after `npm run build`:
// `node scripts/bench-device-requests.mjs`; `npm run bench` runs it too), in a fresh database `scentia_bench_device_requests`: what one instance answers per second of each kind, and the
// CPU each costs, for docs/scaling.md's arithmetic. bench-device-ingestion.mjs measures shots in
// batches of 100 against their INSERT floor; this measures the shapes a diffuser sends at its
// schedule's peak:
//  - heartbeats (POST /api/device/heartbeat, the device's 20 capsules, unchanged since the last one);
//  - shot batches of BENCH_DEVICE_BATCH (default 10) entries of one shot (POST /api/device/shots): a
//    device firing once a second and flushing every 10 s;
// each from BENCH_DEVICE_CONCURRENCY (default 32) requests at once, a device's requests one after the
// other, BENCH_DEVICE_DEVICES (default 1,000) devices, for BENCH_DEVICE_SECONDS (default 15) each; every
// answer checked. CPU per request of the server process and of its database backends (/proc, Linux).
// The server runs with DEVICE_REQUESTS_PER_MINUTE raised: the per-device limit is not what is measured.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import {
  BENCH_PROVISIONING_KEY,
  backendPids,
  cpuSecondsOf,
  deviceBenchEnv,
  devicePoster,
  heartbeatOf,
  idleDevicePicker,
  provisionFleet,
  SLOTS,
  seedShopFleet,
} from './bench-fleet.mjs';
import { freshDatabase, ms, shotBatchesFolded, startServer, summarize } from './bench-support.mjs';
import { postgresForTests } from './postgres-for-tests.mjs';

const DEVICES = Number(process.env.BENCH_DEVICE_DEVICES ?? 1_000);
const SECONDS = Number(process.env.BENCH_DEVICE_SECONDS ?? 15);
const CONCURRENCY = Number(process.env.BENCH_DEVICE_CONCURRENCY ?? 32);
const BATCH = Number(process.env.BENCH_DEVICE_BATCH ?? 10);
const CAPSULE_SIZE = 1_000_000;
const PORT = 3298;
const DATABASE = 'scentia_bench_device_requests';

const macOf = (index) => `B0BE71${index.toString(16).toUpperCase().padStart(6, '0')}`;
const MACS = Array.from({ length: DEVICES }, (_, index) => macOf(index));

/** `send(device)` from CONCURRENCY workers for SECONDS, a device's requests one after the other. */
async function phase(devices, send) {
  const nextIdle = idleDevicePicker(devices);
  let count = 0;
  const latencies = [];
  const until = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        const device = nextIdle();
        if (!device) {
          await new Promise((resolve) => setImmediate(resolve));
          continue;
        }
        device.busy = true;
        const begun = performance.now();
        await send(device);
        latencies.push(performance.now() - begun);
        count += 1;
        device.busy = false;
      }
    }),
  );
  return { perSecond: count / ((performance.now() - started) / 1000), count, ...summarize(latencies) };
}

async function measure(postgres) {
  const databaseUrl = await freshDatabase(postgres.url, DATABASE);
  const dataDir = mkdtempSync(join(tmpdir(), 'scentia-bench-device-requests-'));
  const server = await startServer({
    port: PORT,
    databaseUrl,
    env: deviceBenchEnv(dataDir),
  });
  const client = new pg.Client({ connectionString: databaseUrl });
  const { post, close } = devicePoster(server.base, CONCURRENCY);
  try {
    await client.connect();
    await seedShopFleet(client, MACS);
    const devices = await provisionFleet(server.base, {
      macs: MACS,
      provisioningKey: BENCH_PROVISIONING_KEY,
      capsuleSize: CAPSULE_SIZE,
    });
    const kinds = [
      {
        name: 'heartbeat, 20 capsules',
        send: async (device) => {
          const answer = await post(
            device,
            '/api/device/heartbeat',
            heartbeatOf(device.deviceId, CAPSULE_SIZE),
          );
          if (answer.capsules.length !== SLOTS)
            throw new Error(`A heartbeat lost capsules: ${JSON.stringify(answer)}`);
        },
      },
      {
        name: `shot batch, ${BATCH} entries of one shot`,
        send: async (device) => {
          device.sequence += 1;
          const at = new Date().toISOString();
          const body = {
            sequence: device.sequence,
            shots: Array.from({ length: BATCH }, () => ({
              at,
              slot: 1 + Math.floor(Math.random() * SLOTS),
              count: 1,
            })),
          };
          const answer = await post(device, '/api/device/shots', body);
          if (!answer.isNew || answer.shots !== BATCH)
            throw new Error(`A batch was not counted: ${JSON.stringify(answer)}`);
        },
      },
    ];
    const rows = [];
    for (const kind of kinds) {
      const load = loadavg()[0];
      const pids = [server.pid, ...(await backendPids(client))];
      const before = new Map(pids.map((pid) => [pid, cpuSecondsOf(pid)]));
      const result = await phase(devices, kind.send);
      const after = new Set([server.pid, ...(await backendPids(client))]);
      const spent = (pid) => cpuSecondsOf(pid) - (before.get(pid) ?? 0);
      const database = [...after]
        .filter((pid) => pid !== server.pid)
        .reduce((sum, pid) => sum + spent(pid), 0);
      rows.push({ kind: kind.name, load, result, server: spent(server.pid), database });
    }
    await shotBatchesFolded(client);
    const {
      rows: [sums],
    } = await client.query(`select (select coalesce(sum(count), 0) from shots)::bigint as raw,
        (select count(*) from shots)::bigint as rows,
        (select coalesce(sum(shots), 0) from shot_counts_hourly)::bigint as hourly,
        (select sum(pg_total_relation_size(i.inhrelid)) from pg_inherits i
           where i.inhparent = 'shots'::regclass)::bigint as shot_bytes`);
    const sent = rows[1].result.count * BATCH;

    console.log(
      `\nDevice requests, PostgreSQL, ${DEVICES} devices, ${CONCURRENCY} requests at once, ${SECONDS} s a kind (${cpus().length} cores):\n`,
    );
    console.log(
      '| request | load before | requests/s | p50 | p95 | server CPU / request | database CPU / request |',
    );
    console.log('|---|---|---|---|---|---|---|');
    for (const { kind, load, result, server: serverCpu, database } of rows) {
      console.log(
        `| ${kind} | ${load.toFixed(2)} | **${Math.round(result.perSecond).toLocaleString('en-US')}** | ${ms(result.p50)} | ${ms(result.p95)} |` +
          ` ${ms((serverCpu * 1000) / result.count)} | ${ms((database * 1000) / result.count)} |`,
      );
    }
    const isExact = Number(sums.raw) === sent && Number(sums.hourly) === sent;
    console.log(
      `\nShots sent ${sent}; stored ${sums.raw}, hourly counts ${sums.hourly}. ${isExact ? 'Exact.' : 'MISMATCH.'}` +
        ` The shots' partitions with their indexes: ${Math.round(Number(sums.shot_bytes) / Math.max(1, Number(sums.rows)))} bytes a stored row.`,
    );
    if (!isExact) process.exitCode = 1;
  } finally {
    close();
    await client.end().catch(() => {});
    // Waited for: a stop folds the last batches, before the cluster goes.
    await server.stop();
    postgres.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const postgres = await postgresForTests();
if (postgres.url) await measure(postgres);
else console.log(`Device requests benchmark skipped: ${postgres.reason}`);
