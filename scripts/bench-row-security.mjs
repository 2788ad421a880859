// What client access costs in PostgreSQL (docs/performance/client-access.md): the list and dashboard
// statements at the benches' sizes, 50 concurrent callers on a pool of 10, run side by side in one run
// (BENCH_RLS_ROUNDS rounds, default 3, of BENCH_RLS_SECONDS, default 2, per variant and statement):
//  - before: as a superuser, which row-level security never holds (the server before migration 0039);
//  - staff: as a login of scentia_runtime, the staff's connection (policy `true`, folded away);
//  - scoping: the same login narrowing to one organisation in the statement alone (the server's scoping);
//  - member: the scoped statement in a member's transaction (role and settings, migration 0039), as the
//    server runs a member's request: BEGIN, the settings, the statement, COMMIT.
// Budgets (ENGINEERING.md §6): member p95 within 1.1× of scoping; staff p95 within 1.1× of before.
// Run: `node --import tsx scripts/bench-row-security.mjs` (it migrates with the API's sources).
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { freshDatabase, keptDatabase, ms, summarize } from './bench-support.mjs';
import { postgresForTests } from './postgres-for-tests.mjs';

const ROUNDS = Number(process.env.BENCH_RLS_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_RLS_SECONDS ?? 2);
const CALLERS = 50;
const ALONE_RUNS = 10;
const POOL = 10;
/** bench-client-lists' size: 100,000 organisations and locations (100 chains of 500, the rest one each). */
const ORGANIZATIONS = 100_000;
const CHAINS = 100;
const CHAIN_SIZE = 500;
/** bench-dashboard's fleet: 10 organisations of 5 locations, 2 campaigns × 20 fragrances, a year of days. */
const FLEET_ORGANIZATIONS = 10;
const FLEET_LOCATIONS = 5;
const SETTINGS = `-c plan_cache_mode=force_custom_plan -c random_page_cost=1.1 -c max_parallel_workers_per_gather=0`;

const postgres = await postgresForTests();
if (!postgres.url) {
  console.info(`row-level security bench: skipped, ${postgres.reason}`);
  process.exit(0);
}
// BENCH_RLS_KEEP=1 keeps the data set of an earlier run (seeding takes a minute).
const isKept = process.env.BENCH_RLS_KEEP === '1';
const url = await (isKept ? keptDatabase : freshDatabase)(postgres.url, 'scentia_bench_row_security');
const owner = await openDatabase({ databaseUrl: url, dataDir: '', poolSize: 2 });
await owner.migrate();
await owner.close();

const seed = new pg.Client({ connectionString: url });
await seed.connect();
const started = performance.now();
const isSeeded = isKept && (await seed.query('select 1 from organizations limit 1')).rowCount > 0;
if (!isSeeded)
  await seed.query(`begin; select set_config('scentia.audit', 'off', true);
  insert into organizations (name, legal_name, cnpj, city)
    select 'Perfumaria ' || (array['Lavanda','Jasmim','Rosa','Cedro','Âmbar'])[1 + i % 5] || ' ' || i,
      'Rede ' || i || ' Ltda', lpad(i::text, 8, '0') || '000100', 'São Paulo'
    from generate_series(1, ${ORGANIZATIONS}) i;
  insert into locations (organization_id, name, country, time_zone)
    select case when i <= ${CHAINS * CHAIN_SIZE} then 1 + (i - 1) / ${CHAIN_SIZE} else i - ${CHAINS * CHAIN_SIZE} + ${CHAINS} end,
      'Loja ' || i, 'BR', 'America/Sao_Paulo'
    from generate_series(1, ${ORGANIZATIONS}) i;
  insert into shot_counts_daily (day, location_id, campaign_id, fragrance_id, shots)
    select d::date, l, 1 + f / 20, 1 + f, 1 + (l * f) % 7
    from generate_series(current_date - 364, current_date, interval '1 day') d,
      generate_series(1, ${FLEET_ORGANIZATIONS * FLEET_LOCATIONS}) l, generate_series(0, 39) f;
  commit;`);
if (!isSeeded) await seed.query('vacuum analyze');
console.info(`seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);

const login = `scentia_bench_app_${randomBytes(4).toString('hex')}`;
const password = randomBytes(12).toString('hex');
await seed.query(`create role ${login} login password '${password}' in role scentia_runtime`);
const runtimeUrl = new URL(url);
runtimeUrl.username = login;
runtimeUrl.password = password;

const pools = {
  before: new pg.Pool({ connectionString: url, max: POOL, options: `${SETTINGS} -c scentia.scope=staff` }),
  runtime: new pg.Pool({
    connectionString: runtimeUrl.toString(),
    max: POOL,
    options: `${SETTINGS} -c scentia.scope=staff`,
  }),
};

// A chain (500 locations) and one of the dashboard's organisations (5 locations).
const CHAIN = 7;
const FLEET = 1;
const period = `day between current_date - 29 and current_date`;
const STATEMENTS = {
  'organisations, first page': {
    staff: `select id, name, city from organizations where deleted_at is null order by created_at desc, id desc limit 20`,
    scoped: `select id, name, city from organizations where deleted_at is null and id = ${CHAIN} order by created_at desc, id desc limit 20`,
  },
  'organisations, a word ("lavanda")': {
    staff: `select id, name from organizations where search_text like '%lavanda%' order by name limit 20`,
    scoped: `select id, name from organizations where search_text like '%lavanda%' and id = ${CHAIN} order by name limit 20`,
  },
  'locations, first page': {
    staff: `select id, name from locations where deleted_at is null order by created_at desc, id desc limit 20`,
    scoped: `select id, name from locations where deleted_at is null and organization_id = ${CHAIN} order by created_at desc, id desc limit 20`,
  },
  'locations, total': {
    staff: `select count(*) from locations where deleted_at is null`,
    scoped: `select count(*) from locations where deleted_at is null and organization_id = ${CHAIN}`,
  },
  'dashboard, 30 days by campaign and fragrance': {
    staff: `select campaign_id, fragrance_id, sum(shots) from shot_counts_daily where ${period} group by 1, 2 order by 3 desc limit 10`,
    scoped: `select campaign_id, fragrance_id, sum(shots) from shot_counts_daily
      where ${period} and location_id in (select id from locations where organization_id = ${FLEET})
      group by 1, 2 order by 3 desc limit 10`,
  },
};

async function asMember(pool, statement, organizationId) {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query(
      `select set_config('role', 'scentia_member', true), set_config('scentia.scope', 'member', true),
        set_config('scentia.organization_id', $1, true), set_config('scentia.location_ids', 'all', true)`,
      [String(organizationId)],
    );
    await client.query(statement);
    await client.query('commit');
  } finally {
    client.release();
  }
}

const variants = (name) => {
  const { staff, scoped } = STATEMENTS[name];
  const organizationId = name.startsWith('dashboard') ? FLEET : CHAIN;
  return {
    before: () => pools.before.query(staff),
    staff: () => pools.runtime.query(staff),
    scoping: () => pools.runtime.query(scoped),
    member: () => asMember(pools.runtime, scoped, organizationId),
  };
};

async function load(call) {
  const latencies = [];
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CALLERS }, async () => {
      while (performance.now() < until) {
        const start = performance.now();
        await call();
        latencies.push(performance.now() - start);
      }
    }),
  );
  return latencies;
}

/** One caller, one call after another: the latency a request adds, without waiting for a connection. */
async function alone(call) {
  const latencies = [];
  for (let run = 0; run < ALONE_RUNS; run += 1) {
    const start = performance.now();
    await call();
    latencies.push(performance.now() - start);
  }
  return latencies;
}

const results = {};
const aloneResults = {};
const loadBefore = loadavg()[0];
for (let round = 0; round < ROUNDS; round += 1) {
  for (const name of Object.keys(STATEMENTS)) {
    for (const [variant, call] of Object.entries(variants(name))) {
      await call();
      results[name] ??= {};
      results[name][variant] ??= [];
      results[name][variant].push(...(await load(call)));
      aloneResults[name] ??= {};
      aloneResults[name][variant] ??= [];
      aloneResults[name][variant].push(...(await alone(call)));
    }
  }
}

console.info(`load average ${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after`);
console.info(
  '| statement | before p95 | staff p95 | staff / before | scoping p95 | member p95 | member / scoping |',
);
console.info('|---|---|---|---|---|---|---|');
for (const [name, byVariant] of Object.entries(results)) {
  const p95 = Object.fromEntries(
    Object.entries(byVariant).map(([variant, values]) => [variant, summarize(values).p95]),
  );
  console.info(
    `| ${name} | ${ms(p95.before)} | ${ms(p95.staff)} | ${(p95.staff / p95.before).toFixed(2)}× | ${ms(p95.scoping)} | ${ms(p95.member)} | ${(p95.member / p95.scoping).toFixed(2)}× |`,
  );
}

console.info('\nalone (one caller), p50:');
console.info('| statement | before | staff | scoping | member | member − scoping |');
console.info('|---|---|---|---|---|---|');
for (const [name, byVariant] of Object.entries(aloneResults)) {
  const p50 = Object.fromEntries(
    Object.entries(byVariant).map(([variant, values]) => [variant, summarize(values).p50]),
  );
  console.info(
    `| ${name} | ${ms(p50.before)} | ${ms(p50.staff)} | ${ms(p50.scoping)} | ${ms(p50.member)} | ${ms(p50.member - p50.scoping)} |`,
  );
}

await Promise.all(Object.values(pools).map((pool) => pool.end()));
await seed.query(`drop role ${login}`).catch(() => {});
await seed.end();
postgres.stop();
