// The devices and capsules lists with each row's shots in a period (migration 0038), on PostgreSQL
// (after `npm run build -w apps/api`: `node scripts/bench-shots-in-period.mjs`), in a fresh database
// `scentia_bench_shots_in_period`:
//  - the fleet of bench-dashboard.mjs by SQL (10 organisations of 5 locations, 2 campaigns of 20
//    fragrances, a device per location and campaign: 100, a capsule per slot: 2,000), and the counts
//    10 million shots over the last 366 days leave, written as ingestion keys them: every UTC hour of
//    every device (`shot_counts_device_hourly`), their UTC days (`shot_counts_device_daily`) and every
//    capsule's UTC days (`capsule_shot_days`) — the densest a device's and a capsule's rows can be, so
//    a page reads the most rows it ever will for its period;
//  - p50 and p95 over HTTP of the devices list (a campaign, 50 a page, zone America/Sao_Paulo) and the
//    capsules list (a fragrance, 50 a page) without a period, for 30 days and for 366 days:
//    BENCH_PERIOD_RUNS (default 200) requests each, BENCH_PERIOD_CONCURRENCY (default 4) at once;
//  - ingestion: the batch function as migration 0029 left it (its text read from that migration,
//    created under another name) beside migration 0038's, which also keeps each device's hourly and
//    daily counts: batches of 10 entries of one shot, through `pg` on one connection, in alternating
//    blocks of BENCH_PERIOD_BLOCK (default 300) batches, BENCH_PERIOD_BLOCKS (default 6) blocks each;
//    the database backend's CPU per batch from /proc (Linux), and the wall time.
// ENGINEERING.md §6: a list shape alone under 50 ms; a shot batch of 10 ≤ 0.5 ms of CPU.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import pg from 'pg';
import { backendPids, cpuSecondsOf } from './bench-fleet.mjs';
import { freshDatabase, ms, signIn, startServer, summarize } from './bench-support.mjs';
import { postgresForTests } from './postgres-for-tests.mjs';

const RUNS = Number(process.env.BENCH_PERIOD_RUNS ?? 200);
const CONCURRENCY = Number(process.env.BENCH_PERIOD_CONCURRENCY ?? 4);
const BLOCK = Number(process.env.BENCH_PERIOD_BLOCK ?? 300);
const BLOCKS = Number(process.env.BENCH_PERIOD_BLOCKS ?? 6);
const SHOTS = 10_000_000;
const DAYS = 366;
const PORT = 3411;
const DATABASE = 'scentia_bench_shots_in_period';
const ZONE = 'America/Sao_Paulo';

const postgres = await postgresForTests();
if (postgres.url) await measure(postgres.url);
else console.log(`Shots-in-period benchmark skipped: ${postgres.reason}`);

async function seedFleet(client) {
  await client.query('begin');
  await client.query(`select set_config('scentia.audit', 'off', true)`);
  await client.query(`insert into categories (name) values ('Cítricos')`);
  await client.query(`insert into fragrances (name, olfactory_way, category_id)
    select 'Fragrância ' || lpad(i::text, 2, '0'), 'Cítrico', 1 from generate_series(1, 20) i`);
  await client.query(`insert into campaigns (name) select 'Coleção ' || i from generate_series(1, 2) i`);
  await client.query(`insert into campaign_slots (campaign_id, slot, fragrance_id)
    select c.id, f.id, f.id from campaigns c, fragrances f`);
  await client.query(`insert into organizations (name, legal_name, cnpj)
    select 'Rede ' || i, 'Rede ' || i || ' Ltda', lpad((11222333000100 + i)::text, 14, '0')
    from generate_series(1, 10) i`);
  await client.query(`insert into locations (organization_id, name)
    select o.id, 'Loja ' || o.id || '.' || j from organizations o, generate_series(1, 5) j`);
  // Each device with a credential, so the batch functions find it by its hash.
  await client.query(`insert into devices (mac_address, location_id, organization_id, campaign_id, credential_hash)
    select 'B0DA5C' || lpad(to_hex(row_number() over (order by l.id, c.id)::int), 6, '0'), l.id, l.organization_id, c.id,
      'bench-credential-' || row_number() over (order by l.id, c.id)
    from locations l, campaigns c`);
  await client.query(`insert into capsules (serial_number, fragrance_id, size_shots, device_id, slot)
    select 'BP' || d.id || '-' || s.slot, s.fragrance_id, 1000000000, d.id, s.slot
    from devices d join campaign_slots s on s.campaign_id = d.campaign_id`);
  await client.query(
    `insert into capsule_levels (capsule_id, remaining_shots) select id, 1000000000 from capsules`,
  );
  await client.query('commit');
  await client.query(`select ensure_shot_partitions(current_date - ${DAYS + 2}, current_date + 1)`);
}

/** The counts `SHOTS` shots over the last `DAYS` days leave: every hour of every device and capsule day. */
async function seedCounts(client) {
  const hours = DAYS * 24;
  const perHour = Math.round((2 * SHOTS) / (hours * 100)) - 1;
  await client.query(`insert into shot_counts_device_hourly (device_id, hour, campaign_id, shots)
    select d.id, date_trunc('hour', now()) - h * interval '1 hour', d.campaign_id, 1 + (h + d.id) % ${perHour}
    from devices d, generate_series(0, ${hours - 1}) h order by 2, 1`);
  await client.query(`insert into shot_counts_device_daily (device_id, day, campaign_id, shots)
    select device_id, (hour at time zone 'UTC')::date, campaign_id, sum(shots)
    from shot_counts_device_hourly group by 1, 2, 3 order by 2, 1`);
  // A capsule's days: its device's day shared among its 20 slots (the sums need not match here).
  await client.query(`insert into capsule_shot_days (capsule_id, day, shots)
    select c.id, d.day, greatest(1, d.shots / 20) from capsules c
    join shot_counts_device_daily d on d.device_id = c.device_id order by 2, 1`);
  await client.query('vacuum analyze');
}

async function latencies(urls, headers) {
  const times = [];
  let next = 0;
  async function worker() {
    while (next < RUNS) {
      const url = urls[next % urls.length];
      next += 1;
      const started = performance.now();
      const response = await fetch(url, { headers });
      if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
      await response.arrayBuffer();
      times.push(performance.now() - started);
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return summarize(times);
}

/**
 * The added statements alone through `pg` (what each list request adds to its page), 50 rows, p50 and
 * p95 of 100 runs and the backend's CPU per run (/proc): the devices' (UTC days from the daily counts, then the zone's ragged hours from
 * the hourly ones: the two statements devices-shots.repository.ts sends) and the capsules' (UTC days).
 */
async function statementsAlone(client, today, daysBack) {
  const { rows: deviceRows } = await client.query(
    'select id from devices where campaign_id = 1 order by id limit 50',
  );
  const { rows: capsuleRows } = await client.query(
    'select id from capsules where fragrance_id = 7 order by id limit 50',
  );
  const deviceIds = `{${deviceRows.map((row) => row.id).join(',')}}`;
  const capsuleIds = `{${capsuleRows.map((row) => row.id).join(',')}}`;
  const nextDay = (day) => new Date(Date.parse(day) + 86_400_000).toISOString().slice(0, 10);
  // São Paulo is UTC−3: the period is [from 03:00Z, to+1 03:00Z): whole UTC days from+1..to, 21 hours
  // of the first UTC day and 3 of the day after the last.
  const device = (from) => [
    [
      `select device_id, sum(shots)::bigint from shot_counts_device_daily
       where device_id = any($1::integer[]) and (day >= $2::date and day < $3::date) and campaign_id = 1
       group by device_id`,
      [deviceIds, nextDay(from), nextDay(today)],
    ],
    [
      `select device_id, sum(shots)::bigint from shot_counts_device_hourly
       where device_id = any($1::integer[]) and ((hour >= $2::timestamptz and hour < $3::timestamptz)
         or (hour >= $4::timestamptz and hour < $5::timestamptz)) and campaign_id = 1 group by device_id`,
      [
        deviceIds,
        `${from}T03:00:00Z`,
        `${nextDay(from)}T00:00:00Z`,
        `${nextDay(today)}T00:00:00Z`,
        `${nextDay(today)}T03:00:00Z`,
      ],
    ],
  ];
  const capsule = (from) => [
    [
      `select capsule_id, sum(shots)::bigint from capsule_shot_days
     where capsule_id = any($1::integer[]) and day >= $2::date and day < $3::date group by capsule_id`,
      [capsuleIds, from, nextDay(today)],
    ],
  ];
  const {
    rows: [{ pid }],
  } = await client.query('select pg_backend_pid() as pid');
  console.log('\n| statement alone (through pg, 50 rows) | p50 | p95 | backend CPU per run |');
  console.log('|---|---|---|---|');
  for (const [name, statements] of [
    ['devices, 30 days', device(daysBack(30))],
    ['devices, 366 days', device(daysBack(366))],
    ['capsules, 30 days', capsule(daysBack(30))],
    ['capsules, 366 days', capsule(daysBack(366))],
  ]) {
    const times = [];
    for (let run = 0; run < 5; run += 1)
      for (const [text, values] of statements) await client.query(text, values);
    // CPU time moves far less with the machine's load than wall time (ENGINEERING.md §6).
    const cpuBefore = cpuSecondsOf(pid);
    for (let run = 0; run < 100; run += 1) {
      const started = performance.now();
      for (const [text, values] of statements) await client.query(text, values);
      times.push(performance.now() - started);
    }
    const cpu = ((cpuSecondsOf(pid) - cpuBefore) * 1000) / 100;
    const figures = summarize(times);
    console.log(`| ${name} | ${ms(figures.p50)} | ${ms(figures.p95)} | ${cpu.toFixed(2)} ms |`);
  }
}

/** Migration 0029's batch function, renamed: ingestion as it was before migration 0038. */
function functionBefore() {
  const text = readFileSync(
    new URL('../apps/api/src/db/migrations/0029_shot_rollups.sql', import.meta.url),
    'utf8',
  );
  const start = text.indexOf('CREATE OR REPLACE FUNCTION ingest_shot_batch_group(');
  const end = text.indexOf('$$;', start) + 3;
  return text
    .slice(start, end)
    .replace('FUNCTION ingest_shot_batch_group(', 'FUNCTION bench_ingest_before_0038(');
}

async function ingestionCost(client) {
  await client.query(functionBefore());
  const {
    rows: [{ pid }],
  } = await client.query('select pg_backend_pid() as pid');
  const {
    rows: [{ devices }],
  } = await client.query('select count(*)::int as devices from devices');
  let sequence = 0;
  const call = async (name) => {
    sequence += 1;
    const device = 1 + (sequence % devices);
    const at = new Date().toISOString();
    const entries = Array.from({ length: 10 }, (_, index) => ({ at, slot: 1 + ((sequence + index) % 20) }));
    await client.query(
      `select ${name}($1::text[], $2::bigint[], $3::integer[], $4::timestamptz[], $5::smallint[], $6::integer[])`,
      [
        [`bench-credential-${device}`],
        [sequence],
        entries.map(() => 1),
        entries.map((entry) => entry.at),
        entries.map((entry) => entry.slot),
        entries.map(() => 1),
      ],
    );
  };
  const totals = {
    bench_ingest_before_0038: { cpu: 0, wall: 0, batches: 0 },
    ingest_shot_batch_group: { cpu: 0, wall: 0, batches: 0 },
  };
  // Warm-up of both, then alternating blocks so that a change of the machine's load weighs on both.
  for (const name of Object.keys(totals)) for (let index = 0; index < 100; index += 1) await call(name);
  for (let block = 0; block < BLOCKS * 2; block += 1) {
    const name = Object.keys(totals)[block % 2];
    const cpuBefore = cpuSecondsOf(pid);
    const started = performance.now();
    for (let index = 0; index < BLOCK; index += 1) await call(name);
    totals[name].wall += performance.now() - started;
    totals[name].cpu += (cpuSecondsOf(pid) - cpuBefore) * 1000;
    totals[name].batches += BLOCK;
  }
  console.log('\n| function | batches of 10 | backend CPU per batch | wall per batch |');
  console.log('|---|---|---|---|');
  for (const [name, total] of Object.entries(totals))
    console.log(
      `| ${name === 'ingest_shot_batch_group' ? 'after 0038' : 'before 0038 (0029)'} | ${total.batches} | ${(total.cpu / total.batches).toFixed(3)} ms | ${(total.wall / total.batches).toFixed(3)} ms |`,
    );
}

async function measure(url) {
  const databaseUrl = await freshDatabase(url, DATABASE);
  const server = await startServer({ port: PORT, databaseUrl, env: { ALERTS_INTERVAL_MINUTES: '1440' } });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  // The seed makes the shots' partitions, which the staff alone may (migration 0039).
  await client.query(`set scentia.scope = 'staff'`);
  try {
    const started = performance.now();
    await seedFleet(client);
    await seedCounts(client);
    const {
      rows: [sizes],
    } = await client.query(`select (select count(*) from shot_counts_device_hourly)::int as hourly,
      (select count(*) from shot_counts_device_daily)::int as daily,
      (select sum(shots) from shot_counts_device_daily)::text as total,
      (select count(*) from capsule_shot_days)::int as capsule_days`);
    console.log(
      `Seeded in ${((performance.now() - started) / 1000) | 0} s: ${sizes.hourly.toLocaleString('en-US')} device hours, ${sizes.daily.toLocaleString('en-US')} device days (${Number(sizes.total).toLocaleString('en-US')} shots), ${sizes.capsule_days.toLocaleString('en-US')} capsule days; load ${loadavg()[0].toFixed(2)}`,
    );
    const { headers } = await signIn(server.base);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());
    const daysBack = (days) =>
      new Date(Date.parse(today) - (days - 1) * 86_400_000).toISOString().slice(0, 10);
    const devices = (period) =>
      [1, 2].map(
        (campaign) =>
          `${server.base}/api/devices?perPage=50&campaignId=${campaign}${period}&timeZone=${ZONE}`,
      );
    const capsules = (period) =>
      [1, 7, 13, 20].map(
        (fragrance) => `${server.base}/api/capsules?perPage=50&fragranceId=${fragrance}${period}`,
      );
    const shapes = [
      ['devices, no period', devices('')],
      ['devices, 30 days', devices(`&from=${daysBack(30)}&to=${today}`)],
      ['devices, 366 days', devices(`&from=${daysBack(366)}&to=${today}`)],
      ['capsules, no period', capsules('')],
      ['capsules, 30 days', capsules(`&from=${daysBack(30)}&to=${today}`)],
      ['capsules, 366 days', capsules(`&from=${daysBack(366)}&to=${today}`)],
    ];
    for (const [, urls] of shapes) await latencies(urls, headers); // warm-up
    console.log('\n| list (50 a page) | p50 | p95 | server + database CPU per request | load |');
    console.log('|---|---|---|---|---|');
    for (const [name, urls] of shapes) {
      const backends = await backendPids(client);
      const cpuOf = () => [server.pid, ...backends].reduce((sum, pid) => sum + cpuSecondsOf(pid), 0);
      const cpuBefore = cpuOf();
      const figures = await latencies(urls, headers);
      const cpu = ((cpuOf() - cpuBefore) * 1000) / RUNS;
      console.log(
        `| ${name} | ${ms(figures.p50)} | ${ms(figures.p95)} | ${cpu.toFixed(2)} ms | ${loadavg()[0].toFixed(2)} |`,
      );
    }
    await statementsAlone(client, today, daysBack);
    await ingestionCost(client);
    console.log(
      `\nload ${loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await client.end();
    server.stop();
  }
}
