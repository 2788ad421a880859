// The dashboard on PostgreSQL (`npm run bench` runs it), one fresh database per size
// (`scentia_bench_dashboard_<n>`), each with its own server:
//  - a fleet by SQL: 10 organisations of 5 locations (50), 2 campaigns of 20 fragrances, a device per
//    location and campaign (100), a capsule per slot (2,000) with levels and forecasts;
//  - raw shots spread over the last 365 days (generate_series, in bulk): 1 thousand, 1 million and
//    10 million rows (BENCH_DASHBOARD_SIZES, e.g. `1000,10000000`, picks them; BENCH_DASHBOARD_MAX_SHOTS
//    leaves out the larger), the hourly and daily counts rebuilt from them as ingestion would have kept
//    them; and a database of counts only, as 100 million shots would leave them (every hour of the year
//    for every location, campaign and fragrance; BENCH_DASHBOARD_COUNTS_ONLY=0 leaves it out); in each,
//    the roll-ups (migration 0029) rebuilt from the daily counts up to yesterday, as the job leaves them;
//  - p50 and p95 over HTTP of GET /api/shots-campaign?limit=true, /api/shots-fragrance?limit=true and
//    /api/dashboard/sites, for the default 30 days and for a 365-day period: BENCH_DASHBOARD_RUNS
//    (default 300) requests a size, BENCH_DASHBOARD_CONCURRENCY (default 10) at once, the sizes taking
//    turns so that the machine's load weighs on all of them alike;
//  - the same question straight from the raw `shots` (SUM … GROUP BY campaign and fragrance over the
//    period) through `pg`, three runs, to show what the counts spare.
// ENGINEERING.md §6: the dashboard's p95 at 10 million raw shots within 1.2× of the p95 at 1 thousand.
import { loadavg } from 'node:os';
import pg from 'pg';
import { freshDatabase, ms, signIn, startServer, summarize } from './bench-support.mjs';
import { postgresForTests } from './postgres-for-tests.mjs';

const RUNS = Number(process.env.BENCH_DASHBOARD_RUNS ?? 300);
const CONCURRENCY = Number(process.env.BENCH_DASHBOARD_CONCURRENCY ?? 10);
const MAX_SHOTS = Number(process.env.BENCH_DASHBOARD_MAX_SHOTS ?? 10_000_000);
/** `0` leaves out the counts of 100 million shots (a few minutes of seeding). */
const WITH_COUNTS_ONLY = process.env.BENCH_DASHBOARD_COUNTS_ONLY !== '0';
const RAW_RUNS = 3;
const WARM_UP = 10;
/** The first of one port per size. */
const PORT = 3391;
const DATABASE = 'scentia_bench_dashboard';
const SIZES = (
  process.env.BENCH_DASHBOARD_SIZES?.split(',').map(Number) ?? [1_000, 1_000_000, 10_000_000]
).filter((size) => size <= MAX_SHOTS);
const ORGANIZATIONS = 10;
const LOCATIONS_PER_ORGANIZATION = 5;
const CAMPAIGNS = 2;
const FRAGRANCES = 20;
const KEYS = ORGANIZATIONS * LOCATIONS_PER_ORGANIZATION * CAMPAIGNS * FRAGRANCES;

const postgres = await postgresForTests();
if (postgres.url) await measure(postgres);
else console.log(`Dashboard benchmark skipped: ${postgres.reason}`);

/** The fleet by SQL; `bench_capsules` numbers its capsules 0..n-1, for drawing shots from them. */
async function seedFleet(client) {
  await client.query('begin');
  await client.query(`select set_config('scentia.audit', 'off', true)`);
  await client.query(`insert into categories (name) values ('Cítricos')`);
  await client.query(`insert into fragrances (name, olfactory_way, category_id)
    select 'Fragrância ' || lpad(i::text, 2, '0'), 'Cítrico', 1 from generate_series(1, ${FRAGRANCES}) i`);
  await client.query(
    `insert into campaigns (name) select 'Coleção ' || i from generate_series(1, ${CAMPAIGNS}) i`,
  );
  await client.query(`insert into campaign_slots (campaign_id, slot, fragrance_id)
    select c.id, f.id, f.id from campaigns c, fragrances f`);
  await client.query(`insert into organizations (name, legal_name, cnpj)
    select 'Rede ' || i, 'Rede ' || i || ' Ltda', lpad((11222333000100 + i)::text, 14, '0')
    from generate_series(1, ${ORGANIZATIONS}) i`);
  await client.query(`insert into locations (organization_id, name)
    select o.id, 'Loja ' || o.id || '.' || j from organizations o, generate_series(1, ${LOCATIONS_PER_ORGANIZATION}) j`);
  await client.query(`insert into devices (mac_address, location_id, organization_id, campaign_id)
    select 'B0DA5B' || lpad(to_hex(row_number() over (order by l.id, c.id)::int), 6, '0'), l.id, l.organization_id, c.id
    from locations l, campaigns c`);
  await client.query(`insert into device_states (device_id, last_seen_at)
    select id, now() - (id % 40) * interval '1 minute' from devices`);
  await client.query(`insert into capsules (serial_number, fragrance_id, size_shots, device_id, slot)
    select 'BD' || d.id || '-' || s.slot, s.fragrance_id, 3000, d.id, s.slot
    from devices d join campaign_slots s on s.campaign_id = d.campaign_id`);
  await client.query(`insert into capsule_levels (capsule_id, remaining_shots)
    select id, (id * 7919) % 3000 from capsules`);
  await client.query(`insert into capsule_forecasts (capsule_id, runs_out_on, shots_per_hour, computed_at)
    select id, current_date + (id % 60), 1, now() from capsules`);
  await client.query('commit');
  await client.query(`create table bench_capsules as
    select (row_number() over (order by c.id) - 1)::int as n, c.id as capsule_id, c.device_id, d.location_id,
      d.campaign_id, c.fragrance_id, c.slot
    from capsules c join devices d on d.id = c.device_id`);
  await client.query('alter table bench_capsules add primary key (n)');
  await client.query(`select ensure_shot_partitions(current_date - 370, current_date)`);
}

/**
 * `count` more raw shots at random instants of the last 365 days, from random capsules, written in the
 * order of the shots' index (device, then time) so that the insert appends rather than scatters.
 */
async function addShots(client, count) {
  await client.query(
    `insert into shots (shot_at, device_id, location_id, campaign_id, fragrance_id, capsule_id, slot, count, batch_sequence)
     select g.at, b.device_id, b.location_id, b.campaign_id, b.fragrance_id, b.capsule_id, b.slot, 1, 0
     from (select now() - random() * interval '365 days' as at, floor(random() * ${KEYS})::int as k
           from generate_series(1, $1)) g
     join bench_capsules b on b.n = g.k
     order by b.device_id, g.at`,
    [count],
  );
}

/**
 * The hourly and daily counts, rebuilt from every raw shot as ingestion keys them (UTC hours and days),
 * written in time order as ingestion writes them: an hour's rows stay together on disk. (Written in
 * the aggregate's hash order instead, the few hours at a period's ends are scattered over the whole
 * table and cost a random read each once it outgrows memory.)
 */
async function rebuildCounts(client) {
  await client.query('truncate shot_counts_hourly, shot_counts_daily');
  await client.query(`insert into shot_counts_hourly (hour, location_id, campaign_id, fragrance_id, shots, organization_id)
    select date_trunc('hour', s.shot_at at time zone 'UTC') at time zone 'UTC', s.location_id, s.campaign_id, s.fragrance_id,
      sum(s.count), l.organization_id
    from shots s join locations l on l.id = s.location_id group by 1, 2, 3, 4, 6 order by 1, 2, 3, 4`);
  // Each device's own hours and days (migration 0038), as ingestion keeps them beside the others.
  await client.query('truncate shot_counts_device_hourly, shot_counts_device_daily');
  await client.query(`insert into shot_counts_device_hourly (device_id, hour, campaign_id, shots)
    select device_id, date_trunc('hour', shot_at at time zone 'UTC') at time zone 'UTC', campaign_id, sum(count)
    from shots group by 1, 2, 3 order by 1, 2, 3`);
  await client.query(`insert into shot_counts_device_daily (device_id, day, campaign_id, shots)
    select device_id, (hour at time zone 'UTC')::date, campaign_id, sum(shots)
    from shot_counts_device_hourly group by 1, 2, 3 order by 1, 2, 3`);
  await rebuildDaily(client);
}

async function rebuildDaily(client) {
  await client.query(`insert into shot_counts_daily (day, location_id, campaign_id, fragrance_id, shots)
    select (hour at time zone 'UTC')::date, location_id, campaign_id, fragrance_id, sum(shots)
    from shot_counts_hourly group by 1, 2, 3, 4 order by 1, 2, 3, 4`);
  await client.query('vacuum analyze shot_counts_hourly');
  await client.query('vacuum analyze shot_counts_daily');
  await client.query('analyze shots');
  await rollUp(client);
}

/** The roll-ups as the job leaves them: every daily count up to yesterday (UTC) rolled up. */
async function rollUp(client) {
  await client.query(`select rebuild_shot_rollups((now() at time zone 'UTC')::date - 1)`);
  for (const table of ['shot_rollups_fleet', 'shot_rollups_location', 'shot_counts_monthly'])
    await client.query(`vacuum analyze ${table}`);
}

/** Counts as 100 million shots over the year leave them: every hour, location, campaign and fragrance. */
async function countsOfAHundredMillion(client) {
  await client.query('truncate shot_counts_hourly, shot_counts_daily');
  const hours = 365 * 24;
  await client.query(
    `insert into shot_counts_hourly (hour, location_id, campaign_id, fragrance_id, shots, organization_id)
     select date_trunc('hour', now()) - h * interval '1 hour', b.location_id, b.campaign_id, b.fragrance_id,
       1 + (h + b.n) % ${Math.round((2 * 100_000_000) / (hours * KEYS)) - 1}, l.organization_id
     from generate_series(0, ${hours - 1}) h, bench_capsules b join locations l on l.id = b.location_id`,
  );
  await rebuildDaily(client);
}

/**
 * `RUNS` requests to each of `targets` (one per size), in rounds of `CONCURRENCY` requests to one size
 * after the other, so that a change in the machine's load during the measurement weighs on every size
 * alike (measured one size after the other, a load peak during one size decided its ratio); p50 and
 * p95 in ms per target.
 */
async function interleavedLatencies(targets) {
  const fire = async ({ url, headers }, times) => {
    const started = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    times?.push(performance.now() - started);
  };
  for (const target of targets)
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, WARM_UP) }, () => fire(target)));
  const times = targets.map(() => []);
  // Each round starts with the next size, so that no size always follows the same one.
  for (let sent = 0, round = 0; sent < RUNS; sent += CONCURRENCY, round += 1)
    for (let turn = 0; turn < targets.length; turn += 1) {
      const index = (round + turn) % targets.length;
      await Promise.all(
        Array.from({ length: Math.min(CONCURRENCY, RUNS - sent) }, () => fire(targets[index], times[index])),
      );
    }
  return times.map(summarize);
}

/** The charts' question straight from the raw shots: p50 of three runs, in ms. */
async function rawQuestion(client, days) {
  const times = [];
  for (let run = 0; run < RAW_RUNS; run += 1) {
    const started = performance.now();
    await client.query(
      `select campaign_id, fragrance_id, sum(count) from shots
       where shot_at >= date_trunc('day', now() at time zone 'America/Sao_Paulo') at time zone 'America/Sao_Paulo' - $1 * interval '1 day'
       group by 1, 2`,
      [days - 1],
    );
    times.push(performance.now() - started);
  }
  return summarize(times).p50;
}

/**
 * A database of its own for each size (`scentia_bench_dashboard_<n>`), with its own server, all seeded
 * first; then each call is measured on every size at once (`interleavedLatencies`).
 */
async function measure(postgres) {
  const steps = [
    ...SIZES.map((size) => ({ label: size.toLocaleString('en-US'), shots: size, isCountsOnly: false })),
    ...(WITH_COUNTS_ONLY ? [{ label: '100,000,000 (counts only)', shots: 1_000, isCountsOnly: true }] : []),
  ];
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  const yearAgo = new Date(Date.parse(today) - 364 * 86_400_000).toISOString().slice(0, 10);
  const year = `from=${yearAgo}&to=${today}`;
  const calls = [
    ['shots-campaign, 30 days', '/api/shots-campaign?limit=true', 30],
    ['shots-campaign, 365 days', `/api/shots-campaign?limit=true&${year}`, 365],
    ['shots-fragrance, 30 days', '/api/shots-fragrance?limit=true', 30],
    ['shots-fragrance, 365 days', `/api/shots-fragrance?limit=true&${year}`, 365],
    ['sites, 30 days', '/api/dashboard/sites', 30],
    ['sites, 365 days', `/api/dashboard/sites?${year}`, 365],
  ];
  const seeded = [];
  try {
    for (const [index, step] of steps.entries()) {
      const started = performance.now();
      const databaseUrl = await freshDatabase(postgres.url, `${DATABASE}_${index}`);
      // The alerts job would rewrite the forecasts below: once at start-up, then not during the bench.
      const server = await startServer({
        port: PORT + index,
        databaseUrl,
        env: { ALERTS_INTERVAL_MINUTES: '1440' },
      });
      const client = new pg.Client({ connectionString: databaseUrl });
      seeded.push({ step, server, client });
      await client.connect();
      // The seed makes the shots' partitions, which the staff alone may (migration 0039).
      await client.query(`set scentia.scope = 'staff'`);
      await seedFleet(client);
      await addShots(client, step.shots);
      if (step.isCountsOnly) await countsOfAHundredMillion(client);
      else await rebuildCounts(client);
      // Every table vacuumed and analysed now, as a live server's autovacuum keeps them: otherwise
      // autovacuum reaches the millions of fresh rows (the shots, the hourly roll-ups) during the
      // measurement, and the calls measured first share the cores with it.
      await client.query('vacuum analyze');
      const {
        rows: [sizes],
      } = await client.query(`select (select count(*) from shot_counts_hourly)::int as hourly,
        (select count(*) from shot_counts_daily)::int as daily, (select sum(shots) from shot_counts_daily)::text as total,
        (select count(*) from shot_rollups_fleet)::int as fleet, (select count(*) from shot_rollups_location)::int as sites,
        (select count(*) from shot_counts_monthly)::int as monthly`);
      console.log(
        `${step.label}: seeded in ${((performance.now() - started) / 1000) | 0} s; ${sizes.hourly.toLocaleString('en-US')} hourly and ${sizes.daily.toLocaleString('en-US')} daily counts (${Number(sizes.total).toLocaleString('en-US')} shots counted); roll-ups: ${sizes.fleet} fleet, ${sizes.sites} sites, ${sizes.monthly.toLocaleString('en-US')} monthly rows; load ${loadavg()[0].toFixed(2)}`,
      );
    }
    const results = [];
    for (const { step, client } of seeded) {
      step.raw = step.isCountsOnly
        ? undefined
        : { 30: await rawQuestion(client, 30), 365: await rawQuestion(client, 365) };
    }
    // Signed in once all are seeded: seeding may outlast an access token.
    const targets = [];
    for (const { server } of seeded) targets.push({ server, headers: (await signIn(server.base)).headers });
    for (const [name, path, days] of calls) {
      const figures = await interleavedLatencies(
        targets.map(({ server, headers }) => ({ url: `${server.base}${path}`, headers })),
      );
      for (const [index, { step }] of seeded.entries()) {
        const row = { step: step.label, name, ...figures[index], raw: step.raw?.[days] };
        results.push(row);
        console.log(
          `  ${row.step}, ${row.name}: p50 ${ms(row.p50)}, p95 ${ms(row.p95)}, raw ${row.raw === undefined ? '—' : ms(row.raw)}`,
        );
      }
    }
    report(results);
  } finally {
    for (const { server, client } of seeded) {
      await client.end();
      server.stop();
    }
  }
}

function report(results) {
  console.log(
    `\nDashboard calls over HTTP, ${RUNS} requests a size, ${CONCURRENCY} at a time, the sizes interleaved (load ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}):\n`,
  );
  console.log(
    '| raw shots | call | p50 | p95 | same question from raw `shots` (p50 of 3) |\n|---|---|---|---|---|',
  );
  for (const row of results)
    console.log(
      `| ${row.step} | ${row.name} | ${ms(row.p50)} | ${ms(row.p95)} | ${row.raw === undefined ? '—' : ms(row.raw)} |`,
    );
  // The budget compares the largest raw size with the smallest; the other sizes are shown beside it.
  console.log(
    '\n| call | p95, smallest | p95, largest size | largest size / smallest (budget ≤ 1.2) | worst size / smallest |\n|---|---|---|---|---|',
  );
  for (const [name] of new Map(results.map((row) => [row.name, true]))) {
    const rows = results.filter((row) => row.name === name);
    const smallest = rows[0].p95;
    const raw = rows.filter((row) => row.raw !== undefined);
    const largest = raw[raw.length - 1].p95;
    const worst = Math.max(...rows.map((row) => row.p95));
    console.log(
      `| ${name} | ${ms(smallest)} | ${ms(largest)} | ${(largest / smallest).toFixed(2)} | ${(worst / smallest).toFixed(2)} |`,
    );
  }
}
