// A fleet's costs at its real table sizes (issue 41 §4): a database seeded by set-based SQL to
// BENCH_SCALE_DEVICES (100,000) devices — 20 capsules each, two devices a location, ten locations an
// organisation, 30 days of rolled-up shots and the last day's raw shots — and measured there:
//  1. each timed job's first run at that size (their durations from /metrics, all started together as
//     at a server's start);
//  2. the CPU, WAL and disk writes of each kind of device request (bench-request-kinds.mjs, the cost
//     bench's measure), over BENCH_SCALE_MEASURED (1,000) of the devices;
//  3. the fleet replayed in real time at the realistic mix (a shot every 6 s, flushed every 10 s, a
//     heartbeat every 30 s, every campaign changed halfway) over BENCH_SCALE_REPLAY_DEVICES (3,000)
//     devices for BENCH_SCALE_REPLAY_SECONDS (60), on each count of API instances of
//     BENCH_SCALE_INSTANCES ('1,3'), the devices spread over them: p50/p95/p99, CPU of each process,
//     WAL and disk bytes a second, counts checked exactly;
//  4. autovacuum during 2 and 3: runs and durations on the hot tables (its log and pg_stat_user_tables).
// BENCH_SCALE_JOBS_ONLY=1 stops after 1; BENCH_SCALE_PG_SETTINGS adds `name=value` settings (space-separated).
// BENCH_SCALE_FOLDS=1 measures the fold at that size first (bench-fold-backlog.mjs): backlogs of
// BENCH_SCALE_FOLD_BACKLOG (20,000) batches of 10, acknowledged in SQL by devices not used after,
// folded by each shape of BENCH_SCALE_FOLD_SHAPES ('1x1000,2x1000') in BENCH_SCALE_FOLD_ROUNDS (3)
// turns; BENCH_SCALE_FOLDS=only stops after it.
// On a PostgreSQL cluster of its own (fsync on, log_autovacuum_min_duration=0). After
// `npm run build -w apps/api`: `node scripts/bench-fleet-at-scale.mjs` (docs/scaling.md); `npm run
// bench` runs it with BENCH_SCALE=1. Seeding 100,000 devices takes several minutes on 2 cores.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { clusterCpuSeconds, clusterWriteBytes, postmasterPidOf, processCpuSeconds } from './bench-cpu.mjs';
import { deviceBenchEnv, driveDevice, heartbeatOf, inParallel } from './bench-fleet.mjs';
import { foldBacklog, foldShapesOf } from './bench-fold-backlog.mjs';
import { expectStatus, measureKind, median, requestKinds } from './bench-request-kinds.mjs';
import { requester } from './bench-requester.mjs';
import { freshDatabase, shotBatchesFolded, startServer, summarize } from './bench-support.mjs';
import { onDurableCluster } from './postgres-for-tests.mjs';

const DEVICES = Number(process.env.BENCH_SCALE_DEVICES ?? 100_000);
const DAYS = Number(process.env.BENCH_SCALE_DAYS ?? 30);
const MEASURED = Number(process.env.BENCH_SCALE_MEASURED ?? 1_000);
const REPLAY_DEVICES = Number(process.env.BENCH_SCALE_REPLAY_DEVICES ?? 3_000);
const REPLAY_SECONDS = Number(process.env.BENCH_SCALE_REPLAY_SECONDS ?? 60);
const INSTANCES = (process.env.BENCH_SCALE_INSTANCES ?? '1,3').split(',').map(Number);
const RUNS = Number(process.env.BENCH_SCALE_RUNS ?? 3);
const SECONDS = Number(process.env.BENCH_SCALE_SECONDS ?? 5);
const JOBS_WAIT_SECONDS = Number(process.env.BENCH_SCALE_JOBS_WAIT_SECONDS ?? 1_200);
/** Only part 1, the timed jobs' first runs (the quick measure of a job's change at size). */
const JOBS_ONLY = process.env.BENCH_SCALE_JOBS_ONLY === '1';
const FOLDS = process.env.BENCH_SCALE_FOLDS;
const FOLD_BACKLOG = Number(process.env.BENCH_SCALE_FOLD_BACKLOG ?? 20_000);
const FOLD_ROUNDS = Number(process.env.BENCH_SCALE_FOLD_ROUNDS ?? 3);
const FOLD_SHAPES = foldShapesOf(process.env.BENCH_SCALE_FOLD_SHAPES ?? '1x1000,2x1000');
const CONCURRENCY = 16;
const CAMPAIGNS = 10;
const CAPSULE_SIZE = 1_000_000;
// Shots a device fires in an open hour, averaged over its 12 open hours (one every 12 s): the
// realistic mix's busiest hour (docs/scaling.md) is 70 % of devices at one every 6 s.
const SHOTS_PER_OPEN_HOUR = 300;
const REALISTIC_SHOT_SECONDS = 6;
const PORTS = [3300, 3301, 3302];
const METRICS_TOKEN = 'bench-metrics-token-0123456789abcdef';
const HOT_TABLES = [
  'shot_batches',
  'device_states',
  'capsule_levels',
  'shot_counts_hourly',
  'shot_counts_daily',
  'shot_counts_device_hourly',
  'shot_counts_device_daily',
  'campaign_downloads',
  'capsules',
];
const MAINTENANCE_JOBS = [
  'shot-partitions',
  'file-sweep',
  'import-prune',
  'access-log-prune',
  'privacy-retention',
  'quiz-session-abandonment',
  'alerts',
  'shot-rollups',
  'alerts-digest',
];

/** Device `id`'s credential (what provisioning would have handed it; the database holds its SHA-256). */
const credentialOf = (id) => `dvc_${String(id).padStart(43, '0')}`;
const f3 = (value) => `${value.toFixed(3)} ms`;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** Everything but the fleet's own rows, then the fleet: set-based, each table in its key's order. */
async function seed(client) {
  const locations = Math.ceil(DEVICES / 2);
  const organizations = Math.ceil(locations / 10);
  // A device fires 4 of its 20 fragrances (its schedule's), each for 3 of its 12 open hours a day.
  const firstSlot = `(1 + (d.id % 5) * 4)`;
  const perSlotDay = (SHOTS_PER_OPEN_HOUR * 12) / 4;
  const statements = [
    `select set_config('scentia.audit', 'off', true)`,
    `insert into categories (name) values ('Cítricos')`,
    `insert into fragrances (name, olfactory_way, category_id)
      select 'Fragrância ' || lpad(i::text, 2, '0'), 'Cítrico', 1 from generate_series(1, 20) i`,
    `insert into campaigns (name) select 'Coleção ' || i from generate_series(1, ${CAMPAIGNS}) i`,
    `insert into campaign_slots (campaign_id, slot, fragrance_id)
      select c, s, s from generate_series(1, ${CAMPAIGNS}) c, generate_series(1, 20) s`,
    `insert into organizations (name, legal_name, cnpj, city)
      select 'Rede ' || i, 'Rede ' || i || ' Ltda', lpad(i::text, 8, '0') || '000100', 'São Paulo'
      from generate_series(1, ${organizations}) i`,
    `insert into locations (organization_id, name, country, time_zone)
      select 1 + (i - 1) / 10, 'Loja ' || i, 'BR', 'America/Sao_Paulo' from generate_series(1, ${locations}) i`,
    `insert into devices (mac_address, location_id, organization_id, campaign_id, credential_hash, provisioned_at)
      select 'B05C' || lpad(to_hex(i), 8, '0'), 1 + (i - 1) / 2, 1 + (i - 1) / 20, 1 + i % ${CAMPAIGNS},
        encode(sha256(convert_to('dvc_' || lpad(i::text, 43, '0'), 'UTF8')), 'hex'), now()
      from generate_series(1, ${DEVICES}) i`,
    // Online but for one device in 50, last heard from two hours ago (the alerts job's offline ones).
    `insert into device_states (device_id, last_seen_at, last_heartbeat_at, firmware_version)
      select id, t, t, 'bench-1' from (select id, case when id % 50 = 0 then now() - interval '2 hours'
        else now() - (id % 60) * interval '1 second' end as t from devices) d`,
    `insert into capsules (serial_number, fragrance_id, size_shots, device_id, slot, due_date)
      select 'BENCH-' || d.id || '-' || s, s, ${CAPSULE_SIZE}, d.id, s, current_date + 90
      from devices d, generate_series(1, 20) s order by d.id, s`,
    // The devices measured start full (their heartbeat reports as much); the others at any level.
    `insert into capsule_levels (capsule_id, remaining_shots)
      select c.id, case when c.device_id <= ${REPLAY_DEVICES} then ${CAPSULE_SIZE}
        else ((c.id::bigint * 7919) % ${CAPSULE_SIZE})::integer end from capsules c`,
    // Yesterday's raw shots: one row an open hour (08:00–20:00 UTC), its slot turning over the four.
    `insert into shots (shot_at, device_id, location_id, campaign_id, fragrance_id, capsule_id, slot, count, batch_sequence)
      select date_trunc('day', now()) - interval '1 day' + (8 + h) * interval '1 hour' + (d.id % 3600) * interval '1 second',
        d.id, d.location_id, d.campaign_id, c.fragrance_id, c.id, c.slot, ${SHOTS_PER_OPEN_HOUR}, 0
      from devices d cross join generate_series(0, 11) h
      join capsules c on c.device_id = d.id and c.slot = ${firstSlot} + h % 4
      order by 1, 2`,
    `insert into shot_counts_hourly (hour, location_id, campaign_id, fragrance_id, shots, organization_id)
      select date_trunc('hour', s.shot_at), s.location_id, s.campaign_id, s.fragrance_id, sum(s.count), l.organization_id
      from shots s join locations l on l.id = s.location_id group by 1, 2, 3, 4, 6 order by 1, 2, 3, 4`,
    `insert into shot_counts_device_hourly (device_id, hour, campaign_id, shots)
      select device_id, date_trunc('hour', shot_at), campaign_id, sum(count)
      from shots group by 1, 2, 3 order by 1, 2, 3`,
    // The earlier days as counts only, as retention and the roll-ups leave them.
    `insert into shot_counts_daily (day, location_id, campaign_id, fragrance_id, shots)
      select (now() at time zone 'UTC')::date - k, d.location_id, d.campaign_id, ${firstSlot} + s, sum(${perSlotDay})
      from generate_series(1, ${DAYS}) k, devices d, generate_series(0, 3) s
      group by 1, 2, 3, 4 order by 1, 2, 3, 4`,
    // Each capsule's counted shots per UTC day, as ingestion keeps them (the alerts job's forecasts).
    `insert into capsule_shot_days (capsule_id, day, shots)
      select c.id, (now() at time zone 'UTC')::date - k, ${perSlotDay}
      from devices d join capsules c on c.device_id = d.id and c.slot between ${firstSlot} and ${firstSlot} + 3,
        generate_series(1, ${DAYS}) k order by 1, 2`,
    `insert into shot_counts_device_daily (device_id, day, campaign_id, shots)
      select d.id, (now() at time zone 'UTC')::date - k, d.campaign_id, ${perSlotDay * 4}
      from devices d, generate_series(1, ${DAYS}) k order by 1, 2`,
  ];
  const timings = [];
  await client.query('begin');
  for (const statement of statements) {
    const started = performance.now();
    const result = await client.query(statement);
    const table = statement.match(/insert into (\w+)/)?.[1];
    if (table) timings.push({ table, rows: result.rowCount, seconds: (performance.now() - started) / 1000 });
  }
  await client.query('commit');
  const started = performance.now();
  await client.query(`select set_config('scentia.scope', 'staff', false)`);
  await client.query(`select rebuild_shot_rollups((now() at time zone 'UTC')::date - 1)`);
  timings.push({ table: 'rebuild_shot_rollups', rows: 0, seconds: (performance.now() - started) / 1000 });
  return timings;
}

/**
 * The fold at this size: each turn and shape, FOLD_BACKLOG batches of 10 acknowledged in SQL (as the
 * server does, 200 a call) by devices the request kinds and the replay do not use, then folded by the
 * shape; the batches' raw shots checked.
 */
async function measureFolds(databaseUrl, postmaster) {
  const maxSides = Math.max(...FOLD_SHAPES.map((shape) => shape.sides));
  const clients = Array.from(
    { length: maxSides + 1 },
    () => new pg.Client({ connectionString: databaseUrl }),
  );
  const [acker, ...folders] = clients;
  const results = new Map(FOLD_SHAPES.map((shape) => [shape.name, []]));
  try {
    for (const client of clients) await client.connect();
    // Devices past the measured and replayed ones, a window of FOLD_BACKLOG a turn moving along them;
    // a device met again sends its next sequence.
    const reserved = Math.max(MEASURED, REPLAY_DEVICES);
    const windows = Math.floor((DEVICES - reserved) / FOLD_BACKLOG);
    if (windows < 1) throw new Error('Too few devices for a backlog of the fold');
    let turn = 0;
    for (let round = 0; round < FOLD_ROUNDS; round += 1)
      for (const shape of FOLD_SHAPES) {
        turn += 1;
        const first = reserved + 1 + ((turn - 1) % windows) * FOLD_BACKLOG;
        const lastDevice = first + FOLD_BACKLOG - 1;
        const sequence = turn;
        const at = new Date().toISOString();
        for (let from = first; from <= lastDevice; from += 200) {
          const ids = Array.from(
            { length: Math.min(200, lastDevice - from + 1) },
            (_, index) => from + index,
          );
          const hashes = ids.map((id) => createHash('sha256').update(credentialOf(id)).digest('hex'));
          const entries = ids.flatMap((id, index) =>
            Array.from({ length: 10 }, (_, entry) => ({ batch: index + 1, slot: 1 + ((id + entry) % 20) })),
          );
          await acker.query(
            `select ack_shot_batch_group($1::text[], $2::bigint[], $3::integer[], $4::timestamptz[],
              $5::smallint[], $6::integer[])`,
            [
              hashes,
              ids.map(() => sequence),
              entries.map((entry) => entry.batch),
              entries.map(() => at),
              entries.map((entry) => entry.slot),
              entries.map(() => 1),
            ],
          );
        }
        await acker.query('checkpoint');
        const load = loadavg()[0];
        const result = { ...(await foldBacklog(folders, postmaster, shape)), load };
        const { rows } = await acker.query(
          'select coalesce(sum(count), 0)::int as shots from shots where device_id between $1 and $2 and batch_sequence = $3',
          [first, lastDevice, sequence],
        );
        if (result.batches !== FOLD_BACKLOG || rows[0].shots !== FOLD_BACKLOG * 10)
          throw new Error(`Folded ${result.batches} batches, ${rows[0].shots} shots, of ${FOLD_BACKLOG}`);
        results.get(shape.name).push(result);
        console.log(JSON.stringify({ shape: shape.name, round, ...result }));
      }
  } finally {
    for (const client of clients) await client.end().catch(() => {});
  }
  console.log(
    `\nThe fold on tables of ${DEVICES} devices: backlogs of ${FOLD_BACKLOG} batches of 10, ${FOLD_ROUNDS} turns; medians, raw shots exact.\n`,
  );
  console.log(
    '| folds side by side × batches a fold | loads | batches/s | PostgreSQL CPU a batch |\n|---|---|---|---|',
  );
  for (const [name, runs] of results)
    console.log(
      `| ${name} | ${runs.map((run) => run.load.toFixed(2)).join(', ')} | ${Math.round(median(runs.map((run) => run.perSecond)))} | ${median(runs.map((run) => run.cpuMsPerBatch)).toFixed(3)} ms |`,
    );
}

/** The jobs' run counts and summed durations from one instance's /metrics. */
async function jobDurations(base) {
  const response = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const text = await response.text();
  const jobs = {};
  for (const match of text.matchAll(
    /^scentia_job_run_duration_seconds_(sum|count)\{[^}]*job="([^"]+)"[^}]*\} (\S+)$/gm,
  )) {
    jobs[match[2]] ??= { count: 0, sum: 0 };
    jobs[match[2]][match[1]] = Number(match[3]);
  }
  return jobs;
}

/** Waits for every maintenance job's first run (or JOBS_WAIT_SECONDS), then answers their durations. */
async function firstJobRuns(base) {
  const until = performance.now() + JOBS_WAIT_SECONDS * 1000;
  for (;;) {
    const jobs = await jobDurations(base);
    const waiting = MAINTENANCE_JOBS.filter((name) => !jobs[name]?.count);
    if (waiting.length === 0 || performance.now() > until) return { jobs, waiting };
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

/** The hot tables' autovacuum and dead-row figures now. */
async function tableStats(client) {
  const { rows } = await client.query(
    `select relname, autovacuum_count::int as vacuums, autoanalyze_count::int as analyzes,
      n_live_tup::bigint as live, n_dead_tup::bigint as dead
    from pg_stat_user_tables where relname = any($1)`,
    [HOT_TABLES],
  );
  return Object.fromEntries(rows.map((row) => [row.relname, row]));
}

/** Autovacuum runs logged after `offset` of the cluster's log: table, what it did, elapsed seconds. */
function autovacuumsLogged(logPath, offset) {
  const text = readFileSync(logPath, 'utf8').slice(offset);
  const runs = [];
  for (const match of text.matchAll(
    /automatic (vacuum|analyze) of table "[^".]+\.[^".]+\.([^"]+)"[\s\S]*?elapsed: ([\d.]+) s/g,
  ))
    runs.push({ what: match[1], table: match[2], seconds: Number(match[3]) });
  return runs;
}

/** Provisioned by the seed: each device's first heartbeat and configuration, as on a device's boot. */
async function settle(http, count) {
  const devices = Array.from({ length: count }, (_, index) => {
    const deviceId = index + 1;
    return {
      deviceId,
      headers: { authorization: `Bearer ${credentialOf(deviceId)}`, 'content-type': 'application/json' },
      heartbeat: heartbeatOf(deviceId, CAPSULE_SIZE),
      sequence: 0,
      busy: false,
    };
  });
  await inParallel(devices, CONCURRENCY, async (device) => {
    expectStatus(
      await http.send('POST', '/api/device/heartbeat', device.headers, device.heartbeat),
      200,
      'A first heartbeat',
    );
    const answer = await http.send('GET', '/api/device/config', device.headers);
    expectStatus(answer, 200, 'A first configuration fetch');
    device.etag = answer.headers.etag;
    device.version = answer.body.version;
  });
  return devices;
}

/** The fleet replayed over `servers`, the devices dealt out in turn; answers its figures. */
async function replay({ client, servers, devices, postmaster }) {
  const https = servers.map((server) =>
    requester(server.base, Math.ceil(Math.min(devices.length, 256) / servers.length)),
  );
  const sums = async () =>
    (
      await client.query(`select (select coalesce(sum(count), 0) from shots)::bigint as raw,
        (select coalesce(sum(shots), 0) from shot_counts_hourly)::bigint as hourly,
        (select count(*) from campaign_downloads d join campaigns c on c.id = d.campaign_id
          and d.campaign_updated_at = c.updated_at)::int as downloads`)
    ).rows[0];
  // A device that missed the last run's campaign change fetches it now, outside the window: in the
  // window, every fetch is of the change made there, and is counted against its download.
  await inParallel(devices, CONCURRENCY, async (device) => {
    const answer = await https[0].send('GET', '/api/device/config', {
      ...device.headers,
      'if-none-match': `"${device.version}"`,
    });
    if (answer.status === 200) device.version = answer.body.version;
  });
  // What the seed and the runs before left dirty is written out before the window, not charged to it.
  await client.query('checkpoint');
  const before = await sums();
  const tally = {
    latencies: { heartbeat: [], shots: [], configuration: [] },
    errors: [],
    shots: 0,
    fetches: 0,
  };
  const load = loadavg()[0];
  const serversBefore = servers.map((server) => processCpuSeconds(server.pid));
  const databaseBefore = clusterCpuSeconds(postmaster);
  const writtenBefore = clusterWriteBytes(postmaster);
  const walBefore = (await client.query('select pg_current_wal_lsn() as lsn')).rows[0].lsn;
  const started = Date.now();
  const until = started + REPLAY_SECONDS * 1000;
  const change = new Promise((resolve) => setTimeout(resolve, (REPLAY_SECONDS * 1000) / 2)).then(() =>
    client.query(`update campaigns set name = name || ' (mudou)', updated_at = now()`),
  );
  await Promise.all([
    change,
    ...devices.map((device, index) =>
      driveDevice(device, https[index % https.length], until, tally, {
        shotEverySeconds: REALISTIC_SHOT_SECONDS,
      }),
    ),
  ]);
  await shotBatchesFolded(client);
  const wallSeconds = (Date.now() - started) / 1000;
  const wal = await client.query('select pg_wal_lsn_diff(pg_current_wal_lsn(), $1)::float8 as bytes', [
    walBefore,
  ]);
  const written = clusterWriteBytes(postmaster) - writtenBefore;
  const cores = cpus().length;
  const serverShares = servers.map(
    (server, index) => (processCpuSeconds(server.pid) - serversBefore[index]) / wallSeconds / cores,
  );
  const databaseShare = (clusterCpuSeconds(postmaster) - databaseBefore) / wallSeconds / cores;
  for (const http of https) http.close();
  const after = await sums();
  const stored = Number(after.raw) - Number(before.raw);
  const hourly = Number(after.hourly) - Number(before.hourly);
  const isExact = stored === tally.shots && hourly === tally.shots && after.downloads === tally.fetches;
  const all = Object.values(tally.latencies).flat();
  return {
    load,
    requests: all.length,
    perSecond: all.length / wallSeconds,
    byKind: Object.fromEntries(
      Object.entries(tally.latencies).map(([kind, values]) => [kind, summarize(values)]),
    ),
    p99: summarize(all).p99 ?? 0,
    errors: tally.errors,
    serverShares,
    databaseShare,
    walPerSecond: wal.rows[0].bytes / wallSeconds,
    diskPerSecond: written / wallSeconds,
    walPerRequest: wal.rows[0].bytes / all.length,
    diskPerRequest: written / all.length,
    counts: `acknowledged ${tally.shots}, stored ${stored}, hourly ${hourly}; new version fetched ${tally.fetches}, downloads ${after.downloads}`,
    isExact,
  };
}

async function run(cluster) {
  const postmaster = postmasterPidOf(cluster.dataDir);
  const logPath = join(dirname(cluster.dataDir), 'server.log');
  const databaseUrl = await freshDatabase(cluster.url, 'scentia_bench_at_scale');
  const dataDir = mkdtempSync(join(tmpdir(), 'scentia-bench-at-scale-'));
  const env = {
    ...deviceBenchEnv(dataDir),
    METRICS_TOKEN,
  };
  // The first start migrates (and runs the jobs on empty tables); stopped before the seed.
  await (await startServer({ port: PORTS[0], databaseUrl, env })).stop();
  const client = new pg.Client({ connectionString: databaseUrl });
  const servers = [];
  try {
    await client.connect();
    console.log(`Seeding ${DEVICES} devices (${DAYS} days of counts)...`);
    const seedStarted = performance.now();
    const timings = await seed(client);
    const vacuumStarted = performance.now();
    await client.query('vacuum analyze');
    const vacuumSeconds = (performance.now() - vacuumStarted) / 1000;
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const size = await client.query('select pg_database_size(current_database())::float8 as bytes');
    console.log('\n| seeded | rows | seconds |\n|---|---|---|');
    for (const timing of timings)
      console.log(`| ${timing.table} | ${timing.rows} | ${timing.seconds.toFixed(1)} |`);
    console.log(
      `| vacuum analyze | | ${vacuumSeconds.toFixed(1)} |\n\nSeeded in ${seedSeconds.toFixed(0)} s; database ${(size.rows[0].bytes / 2 ** 30).toFixed(2)} GB.`,
    );

    if (FOLDS) {
      await measureFolds(databaseUrl, postmaster);
      if (FOLDS === 'only') return;
    }

    // 1. The timed jobs: each one's claim of this period forgotten, so the next start runs them all.
    await client.query(`delete from settings where key like 'job-period:%'`);
    const jobsLoad = loadavg()[0];
    servers.push(await startServer({ port: PORTS[0], databaseUrl, env }));
    const { jobs, waiting } = await firstJobRuns(servers[0].base);
    console.log(
      `\nTimed jobs, first run at this size, all started together (load ${jobsLoad.toFixed(2)}):\n`,
    );
    console.log('| job | runs | seconds (mean) |\n|---|---|---|');
    for (const [name, job] of Object.entries(jobs).sort())
      console.log(`| ${name} | ${job.count} | ${(job.sum / job.count).toFixed(3)} |`);
    if (waiting.length) console.log(`Still running after ${JOBS_WAIT_SECONDS} s: ${waiting.join(', ')}`);
    if (JOBS_ONLY) {
      // A later run, as every one after the first: the forecasts and alerts already stored.
      await servers.pop().stop();
      await client.query(`delete from settings where key like 'job-period:%'`);
      servers.push(await startServer({ port: PORTS[0], databaseUrl, env }));
      const again = await firstJobRuns(servers[0].base);
      console.log(`\nThe next run of each (load ${loadavg()[0].toFixed(2)} at its end):\n`);
      console.log('| job | runs | seconds (mean) |\n|---|---|---|');
      for (const [name, job] of Object.entries(again.jobs).sort())
        console.log(`| ${name} | ${job.count} | ${(job.sum / job.count).toFixed(3)} |`);
      return;
    }

    // 2. The request kinds.
    const http = requester(servers[0].base, CONCURRENCY);
    const devices = await settle(http, Math.max(MEASURED, REPLAY_DEVICES));
    await client.query('vacuum analyze');
    await client.query('checkpoint');
    const statsBefore = await tableStats(client);
    const logOffset = statSync(logPath).size;
    const kinds = requestKinds(http, {
      capsuleSize: CAPSULE_SIZE,
      only: process.env.BENCH_SCALE_KINDS?.split(','),
    });
    const table = [];
    for (const kind of kinds) {
      const { row, runs } = await measureKind(kind, {
        devices: devices.slice(0, MEASURED),
        client,
        serverPids: [servers[0].pid],
        postmaster,
        runs: RUNS,
        seconds: SECONDS,
        concurrency: CONCURRENCY,
      });
      table.push(row);
      console.log(JSON.stringify({ ...row, runs }));
    }
    http.close();
    console.log(
      `\nRequest kinds on tables of ${DEVICES} devices: ${MEASURED} devices, ${CONCURRENCY} requests at once, ${RUNS} runs of ${SECONDS} s; medians.\n`,
    );
    console.log(
      '| request | load at each run | requests/s | server | PostgreSQL | total | WAL / request | disk writes / request |',
    );
    console.log('|---|---|---|---|---|---|---|---|');
    for (const row of table)
      console.log(
        `| ${row.kind} | ${row.loads} | ${Math.round(row.perSecond)} | ${f3(row.serverMs)} | ${f3(row.databaseMs)} | **${f3(row.totalMs)}** | ${Math.round(row.walBytes)} B | ${Math.round(row.diskBytes)} B |`,
      );

    // 3. The fleet replayed, on 1 and then 3 instances.
    for (const count of INSTANCES) {
      while (servers.length < count)
        servers.push(await startServer({ port: PORTS[servers.length], databaseUrl, env }));
      const result = await replay({
        client,
        servers: servers.slice(0, count),
        devices: devices.slice(0, REPLAY_DEVICES),
        postmaster,
      });
      console.log(
        `\nFleet replayed at the realistic mix: ${REPLAY_DEVICES} devices on ${count} instance(s) for ${REPLAY_SECONDS} s (load ${result.load.toFixed(2)} before), ${result.requests} requests, ${result.perSecond.toFixed(1)}/s:\n`,
      );
      console.log('| kind | requests | p50 | p95 | p99 |\n|---|---|---|---|---|');
      const f = (value) => (value === undefined ? '—' : `${value.toFixed(1)} ms`);
      for (const [kind, s] of Object.entries(result.byKind))
        console.log(`| ${kind} | ${s.count} | ${f(s.p50)} | ${f(s.p95)} | ${f(s.p99)} |`);
      console.log(
        `\nErrors ${result.errors.length}${result.errors.length ? ` (first: ${result.errors[0]})` : ''}. Cores used: servers ${result.serverShares.map((share) => `${(share * 100).toFixed(1)} %`).join(' + ')}, PostgreSQL ${(result.databaseShare * 100).toFixed(1)} %.` +
          ` WAL ${kb(result.walPerSecond)}/s (${Math.round(result.walPerRequest)} B a request), disk writes ${kb(result.diskPerSecond)}/s (${Math.round(result.diskPerRequest)} B a request).` +
          ` Shots ${result.counts}: ${result.isExact ? 'exact' : 'MISMATCH'}. p99 ${result.p99.toFixed(1)} ms.`,
      );
      if (!result.isExact || result.errors.length) process.exitCode = 1;
    }
    const fold = (await jobDurations(servers[0].base))['shot-fold'];
    if (fold)
      console.log(
        `\nThe fold on the first instance: ${fold.count} runs, ${((fold.sum / fold.count) * 1000).toFixed(1)} ms a run on average.`,
      );

    // 4. Autovacuum during 2 and 3.
    const statsAfter = await tableStats(client);
    const logged = autovacuumsLogged(logPath, logOffset);
    console.log('\nAutovacuum on the hot tables during the request kinds and the replays:\n');
    console.log(
      '| table | live rows | dead rows at the end | autovacuums | autoanalyzes | logged vacuum seconds (each) |',
    );
    console.log('|---|---|---|---|---|---|');
    for (const name of HOT_TABLES) {
      const after = statsAfter[name];
      const before = statsBefore[name];
      if (!after) continue;
      const seconds = logged
        .filter((entry) => entry.what === 'vacuum' && entry.table === name)
        .map((entry) => entry.seconds.toFixed(2));
      console.log(
        `| ${name} | ${after.live} | ${after.dead} | ${after.vacuums - (before?.vacuums ?? 0)} | ${after.analyzes - (before?.analyzes ?? 0)} | ${seconds.join(', ') || '—'} |`,
      );
    }
    const others = logged.filter((entry) => entry.what === 'vacuum' && !HOT_TABLES.includes(entry.table));
    if (others.length)
      console.log(
        `Other tables vacuumed: ${others.map((entry) => `${entry.table} ${entry.seconds.toFixed(2)} s`).join(', ')}`,
      );
  } finally {
    await client.end().catch(() => {});
    // Waited for: a stop folds the last batches, before the cluster goes.
    await Promise.all(servers.map((server) => server.stop()));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await onDurableCluster(
  ['log_autovacuum_min_duration=0', ...(process.env.BENCH_SCALE_PG_SETTINGS?.split(' ') ?? [])],
  'The fleet at scale skipped',
  run,
);
