// What a member's scope costs through the API (docs/performance/member-cost.md), on PostgreSQL: the
// devices, capsules and locations lists, two searches and the dashboard's main calls, asked by the staff and by a
// Manager of a chain, side by side in one run, in alternating turns, so that the machine's load weighs
// on both alike. The built server runs as a login of scentia_runtime, as in production (so row-level
// security holds the Manager's transaction), on a data set the size of the row-security bench's:
// 100,000 organisations and locations (100 chains of 500, the rest one each), a device of two capsules
// at each location, 60 days of counts for the first 10 chains. The Manager's chain is one of those 10.
//
// Three callers: the staff over the whole fleet, the staff filtered to the Manager's organisation
// (`organizationId`: the same rows the Manager reads, so what scoping and row-level security add is
// the difference) and the Manager. BENCH_MEMBER_ROUNDS rounds (default 20) of BENCH_MEMBER_CONCURRENCY
// requests (default 4) per call and caller; p50 and p95 of each, and the member's p95 over each staff's. BENCH_MEMBER_CALLS (words, comma-separated)
// keeps the calls whose name holds one of them (`sites`: the sites table alone). Alone, each request's
// CPU is read from /proc as well: the server's and the bench database's PostgreSQL backends'. The data set is seeded once into
// `scentia_bench_member_scope` (a minute or two) and kept; BENCH_MEMBER_FRESH=1 seeds it again.
// BENCH_MEMBER_DATABASE names another kept database (a copy of it, to compare two migrations' states).
// BENCH_MEMBER_ALONE (default 6): how many times each call is sent alone by each caller (the first not counted).
// BENCH_MEMBER_CALLERS (words, comma-separated: staff, chain, member) keeps those callers alone, e.g. a
// profile of the member's requests only. BENCH_MEMBER_PROFILE=1 with BENCH_SERVER=scripts/profiled-server.mjs
// (and PROFILE_DIR): the server profiles the alone requests only (a SIGUSR2 before and after them).
// BENCH_MEMBER_CPU=0: the alone requests follow each other with nothing between (no CPU reading, whose
// statement and /proc reads sit between two requests otherwise): the steadier p50 of a small gap.
// Budget (issue 39 §8): member p95 within 1.1× of the staff's for the same rows. The ratio under
// concurrency carries its 95 % interval, from BENCH_MEMBER_RESAMPLES (default 400) resamples of each
// caller's requests: a p95 of 1,200 requests moves by ±0.1 from run to run, so a verdict needs the interval.
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import pg from 'pg';
import { processCpuSeconds } from './bench-cpu.mjs';
import {
  BENCH_ADMIN,
  freshDatabase,
  keptDatabase,
  ms,
  percentile,
  signIn,
  startServer,
  summarize,
} from './bench-support.mjs';
import { postgresForTests } from './postgres-for-tests.mjs';

const ROUNDS = Number(process.env.BENCH_MEMBER_ROUNDS ?? 20);
const CONCURRENCY = Number(process.env.BENCH_MEMBER_CONCURRENCY ?? 4);
const ALONE_RUNS = Number(process.env.BENCH_MEMBER_ALONE ?? 6);
const RESAMPLES = Number(process.env.BENCH_MEMBER_RESAMPLES ?? 400);
const PORT = 3296;
const DATABASE = process.env.BENCH_MEMBER_DATABASE ?? 'scentia_bench_member_scope';
const ORGANIZATIONS = 100_000;
const CHAINS = 100;
const CHAIN_SIZE = 500;
const COUNTED_CHAINS = 10;
const DAYS = 60;
/** The Manager's organisation: a chain of 500 locations, 500 devices, 1,000 capsules. */
const CHAIN = 7;
const MANAGER = { email: 'gerente.bench@scentia.test', password: BENCH_ADMIN.password };

const ALL_CALLS = [
  ['devices, first page', '/api/devices'],
  ['capsules, first page', '/api/capsules'],
  ['locations, first page', '/api/locations'],
  ['locations, search "12"', '/api/locations?search=12'],
  ['devices, search "1f"', '/api/devices?search=1f'],
  ['dashboard: shots by campaign, 30 days', '/api/shots-campaign?limit=true'],
  ['dashboard: shots by fragrance, 30 days', '/api/shots-fragrance?limit=true'],
  ['dashboard: sites, 30 days', '/api/dashboard/sites'],
];
/** The call's path for a caller: the staff's `chain` asks for the Manager's organisation only. */
const pathFor = (path, caller) =>
  caller === 'chain' ? `${path}${path.includes('?') ? '&' : '?'}organizationId=${CHAIN}` : path;
const CALLERS = ['staff', 'chain', 'member'].filter(
  (caller) =>
    !process.env.BENCH_MEMBER_CALLERS || process.env.BENCH_MEMBER_CALLERS.split(',').includes(caller),
);
const emptyTimes = () => Object.fromEntries(CALLERS.map((caller) => [caller, []]));

const ONLY = process.env.BENCH_MEMBER_CALLS?.split(',').map((word) => word.trim());
const CALLS = ONLY ? ALL_CALLS.filter(([name]) => ONLY.some((word) => name.includes(word))) : ALL_CALLS;

async function seed(client) {
  await client.query(`begin; select set_config('scentia.audit', 'off', true);
    insert into categories (name) values ('Cítricos');
    insert into fragrances (name, olfactory_way, category_id)
      select 'Fragrância ' || lpad(i::text, 2, '0'), 'Cítrico', 1 from generate_series(1, 20) i;
    insert into campaigns (name) select 'Coleção ' || i from generate_series(1, 10) i;
    insert into campaign_slots (campaign_id, slot, fragrance_id)
      select c.id, s, 2 * (c.id - 1) + s from campaigns c, generate_series(1, 2) s;
    insert into organizations (name, legal_name, cnpj, city)
      select 'Perfumaria ' || (array['Lavanda','Jasmim','Rosa','Cedro','Âmbar'])[1 + i % 5] || ' ' || i,
        'Rede ' || i || ' Ltda', lpad(i::text, 8, '0') || '000100', 'São Paulo'
      from generate_series(1, ${ORGANIZATIONS}) i;
    insert into locations (organization_id, name, country, time_zone)
      select case when i <= ${CHAINS * CHAIN_SIZE} then 1 + (i - 1) / ${CHAIN_SIZE} else i - ${CHAINS * CHAIN_SIZE} + ${CHAINS} end,
        'Loja ' || i, 'BR', 'America/Sao_Paulo'
      from generate_series(1, ${ORGANIZATIONS}) i;
    insert into devices (mac_address, location_id, organization_id, campaign_id)
      select 'B0DA' || lpad(to_hex(l.id), 8, '0'), l.id, l.organization_id, 1 + l.id % 10 from locations l;
    insert into device_states (device_id, last_seen_at)
      select id, now() - (id % 40) * interval '1 minute' from devices;
    insert into capsules (serial_number, fragrance_id, size_shots, device_id, slot)
      select 'BD' || d.id || '-' || s.slot, s.fragrance_id, 3000, d.id, s.slot
      from devices d join campaign_slots s on s.campaign_id = d.campaign_id;
    insert into capsule_levels (capsule_id, remaining_shots) select id, (id * 7919) % 3000 from capsules;
    insert into capsule_forecasts (capsule_id, runs_out_on, shots_per_hour, computed_at)
      select id, current_date + (id % 60), 1, now() from capsules;
    insert into shot_counts_hourly (hour, location_id, campaign_id, fragrance_id, shots, organization_id)
      select date_trunc('day', now()) - d * interval '1 day' + interval '12 hours', l.id, s.campaign_id, s.fragrance_id, 1 + (l.id + d) % 9,
        l.organization_id
      from generate_series(0, ${DAYS - 1}) d, locations l
      join devices v on v.location_id = l.id join campaign_slots s on s.campaign_id = v.campaign_id
      where l.organization_id <= ${COUNTED_CHAINS}
      order by 1, 2, 3, 4;
    insert into shot_counts_daily (day, location_id, campaign_id, fragrance_id, shots)
      select (hour at time zone 'UTC')::date, location_id, campaign_id, fragrance_id, sum(shots)
      from shot_counts_hourly group by 1, 2, 3, 4 order by 1, 2, 3, 4;
    insert into shot_counts_device_hourly (device_id, hour, campaign_id, shots)
      select v.id, h.hour, h.campaign_id, sum(h.shots) from shot_counts_hourly h
      join devices v on v.location_id = h.location_id group by 1, 2, 3 order by 1, 2, 3;
    insert into shot_counts_device_daily (device_id, day, campaign_id, shots)
      select device_id, (hour at time zone 'UTC')::date, campaign_id, sum(shots)
      from shot_counts_device_hourly group by 1, 2, 3 order by 1, 2, 3;
    commit;`);
  await client.query(`select set_config('scentia.scope', 'staff', false)`);
  await client.query(`select rebuild_shot_rollups((now() at time zone 'UTC')::date - 1)`);
  await client.query('vacuum analyze');
}

/** The Manager of the chain, with the bench admin's password (its hash copied). */
async function addManager(client) {
  await client.query(
    `insert into users (name, email, password_hash, profile_id, confirmed_at)
     select 'Gerente Bench', $1, password_hash, (select id from profiles where upper(name) = 'CLIENT'), now()
     from users where email = $2
     on conflict do nothing`,
    [MANAGER.email, BENCH_ADMIN.email],
  );
  await client.query(
    `insert into organization_members (organization_id, user_id, role, accepted_at)
     select $1, id, 'manager', now() from users where email = $2
     and not exists (select 1 from organization_members m where m.user_id = users.id)`,
    [CHAIN, MANAGER.email],
  );
}

async function measure(postgres) {
  const isFresh = process.env.BENCH_MEMBER_FRESH === '1';
  const url = await (isFresh ? freshDatabase : keptDatabase)(postgres.url, DATABASE);
  // The server as the owner first (it migrates and makes the admin), then as a runtime login.
  const owner = await startServer({ port: PORT, databaseUrl: url, env: { ALERTS_INTERVAL_MINUTES: '1440' } });
  owner.stop();
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`set scentia.scope = 'staff'`);
  const started = performance.now();
  if ((await client.query('select 1 from devices limit 1')).rowCount === 0) await seed(client);
  await addManager(client);
  console.log(`data set ready in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  const login = `scentia_bench_app_${randomBytes(4).toString('hex')}`;
  const password = randomBytes(12).toString('hex');
  await client.query(`create role ${login} login password '${password}' in role scentia_runtime`);
  const runtimeUrl = Object.assign(new URL(url), { username: login, password }).toString();
  const server = await startServer({
    port: PORT,
    databaseUrl: runtimeUrl,
    // The alerts job would rewrite 200,000 forecasts during the measurement.
    env: { DATABASE_ALLOW_OWNER: 'false', DATABASE_OWNER_URL: url, ALERTS_INTERVAL_MINUTES: '1440' },
  });
  try {
    const staff = await signIn(server.base);
    const member = await signIn(server.base, MANAGER);
    const headersOf = Object.fromEntries(
      CALLERS.map((caller) => [caller, caller === 'member' ? member.headers : staff.headers]),
    );
    const cpu = cpuReader(client, server.pid);
    const quiet = await alone(server.base, headersOf, cpu, server.pid);
    const result = await alternate(server.base, headersOf);
    report(result, quiet);
  } finally {
    await server.stop();
    await client.query(`drop role if exists ${login}`).catch(() => {});
    await client.end();
    postgres.stop?.();
  }
}

const fire = async (url, headers, times) => {
  const begun = performance.now();
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  times?.push(performance.now() - begun);
};

/**
 * CPU seconds so far of the server and of the bench database's backends (the server's pool; a backend
 * that ended between two readings is lost, and so are parallel workers: the plans here use none).
 */
function cpuReader(client, serverPid) {
  return async () => {
    const { rows } = await client.query(
      'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [DATABASE],
    );
    const backends = Object.fromEntries(rows.map(({ pid }) => [pid, processCpuSeconds(pid)]));
    return { server: processCpuSeconds(serverPid), backends };
  };
}

const cpuSpent = (before, after) =>
  after.server -
  before.server +
  Object.entries(after.backends).reduce(
    (sum, [pid, seconds]) => sum + seconds - (before.backends[pid] ?? 0),
    0,
  );

/**
 * Each call by each caller ALONE_RUNS times, one after the other, alternating: the p50 without load,
 * and each request's CPU (server and backends, ms).
 */
async function alone(base, headersOf, cpu, serverPid) {
  const times = Object.fromEntries(CALLS.map(([name]) => [name, emptyTimes()]));
  const cpus = Object.fromEntries(CALLS.map(([name]) => [name, emptyTimes()]));
  const servers = Object.fromEntries(CALLS.map(([name]) => [name, emptyTimes()]));
  const profile = process.env.BENCH_MEMBER_PROFILE === '1';
  const isCpuRead = process.env.BENCH_MEMBER_CPU !== '0';
  for (let run = 0; run < ALONE_RUNS; run += 1) {
    if (profile && run === 1) process.kill(serverPid, 'SIGUSR2');
    for (const [name, path] of CALLS)
      for (const [caller, headers] of Object.entries(headersOf)) {
        const before = isCpuRead ? await cpu() : undefined;
        await fire(`${base}${pathFor(path, caller)}`, headers, run === 0 ? undefined : times[name][caller]);
        if (run > 0 && before) {
          const after = await cpu();
          cpus[name][caller].push(cpuSpent(before, after) * 1000);
          servers[name][caller].push((after.server - before.server) * 1000);
        }
      }
  }
  if (profile) {
    process.kill(serverPid, 'SIGUSR2');
    await new Promise((done) => setTimeout(done, 1000));
  }
  return { times, cpus, servers };
}

/**
 * ROUNDS rounds; in each, every call by the staff and by the Manager, CONCURRENCY requests at a time,
 * the order of the two swapped every round.
 */
async function alternate(base, headersOf) {
  const batch = (path, headers, times) =>
    Promise.all(Array.from({ length: CONCURRENCY }, () => fire(`${base}${path}`, headers, times)));
  const times = Object.fromEntries(CALLS.map(([name]) => [name, emptyTimes()]));
  for (const [, path] of CALLS)
    for (const [caller, headers] of Object.entries(headersOf)) await batch(pathFor(path, caller), headers);
  const loadBefore = loadavg()[0];
  for (let round = 0; round < ROUNDS; round += 1) {
    // The callers' order turns every round, so that none is always first after another's burst.
    const order = CALLERS.map((_, index) => CALLERS[(index + round) % CALLERS.length]);
    for (const [name, path] of CALLS)
      for (const caller of order) await batch(pathFor(path, caller), headersOf[caller], times[name][caller]);
  }
  return { times, load: [loadBefore, loadavg()[0]] };
}

function report({ times, load }, quiet) {
  if (ROUNDS > 0) reportRounds({ times, load });
  reportAlone(quiet);
}

function reportRounds({ times, load }) {
  console.log(
    `\n${ROUNDS} rounds × ${CONCURRENCY} concurrent requests per call and caller; load average ${load[0].toFixed(1)} before, ${load[1].toFixed(1)} after`,
  );
  console.log(
    '| call | staff p50 | staff p95 | staff, the chain p50 | staff, the chain p95 | member p50 | member p95 | member / staff p95 (95 % interval) | member / staff, the chain p95 (95 % interval) |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  // A caller left out (BENCH_MEMBER_CALLERS) prints as a dash.
  const of = (values) => (values?.length ? summarize(values) : { p50: Number.NaN, p95: Number.NaN });
  const shown = (value) => (Number.isNaN(value) ? '—' : ms(value));
  const ratio = (a, b) => (Number.isNaN(a / b) ? '—' : `${(a / b).toFixed(2)}×`);
  const interval = (member, other) => {
    if (!member?.length || !other?.length || RESAMPLES < 2) return '';
    const [low, high] = p95RatioInterval(member, other);
    return ` (${low.toFixed(2)}–${high.toFixed(2)})`;
  };
  for (const [name, { staff, chain, member }] of Object.entries(times)) {
    const [s, c, m] = [of(staff), of(chain), of(member)];
    console.log(
      `| ${name} | ${shown(s.p50)} | ${shown(s.p95)} | ${shown(c.p50)} | ${shown(c.p95)} | ${shown(m.p50)} | ${shown(m.p95)} | ${ratio(m.p95, s.p95)}${interval(member, staff)} | ${ratio(m.p95, c.p95)}${interval(member, chain)} |`,
    );
  }
}

const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** The p95 of a resample, with replacement, of `values`. */
function resampledP95(values) {
  const drawn = new Float64Array(values.length);
  for (let index = 0; index < drawn.length; index += 1)
    drawn[index] = values[Math.floor(Math.random() * values.length)];
  return percentile(drawn.sort(), 95);
}

/**
 * The 95 % interval of the ratio of two p95s, by the percentile bootstrap: each caller's requests
 * resampled on their own. Requests sent four at a time are not independent draws, so the interval is a
 * floor for the run-to-run spread, not a bound on it.
 */
function p95RatioInterval(numerator, denominator) {
  const ratios = Array.from(
    { length: RESAMPLES },
    () => resampledP95(numerator) / resampledP95(denominator),
  ).sort((a, b) => a - b);
  return [percentile(ratios, 2.5), percentile(ratios, 97.5)];
}

function reportAlone(quiet) {
  if (ALONE_RUNS < 2) {
    console.log(
      '\nalone: nothing to report (BENCH_MEMBER_ALONE below 2: the first request of each is not counted)',
    );
    return;
  }
  console.log(
    `\nalone (one request at a time, ${ALONE_RUNS - 1} each after a first), p50; CPU a request (server + backends: their sum over the runs, divided; /proc counts in 10 ms ticks); load average ${loadavg()[0].toFixed(1)}:`,
  );
  console.log(
    '| call | staff | staff, the chain | member | member ÷ the chain | staff CPU | staff, the chain CPU | member CPU | of which the server: staff, the chain / member |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  const p50 = (values) => (values?.length ? ms(summarize(values).p50) : '—');
  const cpuOf = (values) => (values?.length ? ms(mean(values)) : '—');
  const ratioOf = (member, chain) =>
    member?.length && chain?.length ? `${(summarize(member).p50 / summarize(chain).p50).toFixed(3)}×` : '—';
  for (const [name, { staff, chain, member }] of Object.entries(quiet.times)) {
    const cpu = quiet.cpus[name];
    const server = quiet.servers[name];
    console.log(
      `| ${name} | ${p50(staff)} | ${p50(chain)} | ${p50(member)} | ${ratioOf(member, chain)} | ${cpuOf(cpu.staff)} | ${cpuOf(cpu.chain)} | ${cpuOf(cpu.member)} | ${cpuOf(server.chain)} / ${cpuOf(server.member)} |`,
    );
  }
}

const postgres = await postgresForTests();
if (postgres.url) await measure(postgres);
else console.log(`Member scope bench skipped: ${postgres.reason}`);
