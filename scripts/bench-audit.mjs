// The audit trail's cost on PostgreSQL (`npm run bench` runs it after the users benchmark), in a database
// of its own, `scentia_bench_audit`, created afresh at every run and migrated by the built server:
//  1. a write: p50/p95 of POST /api/categories (a name and 2 translations, as an admin) at 10 concurrent
//     requests with autocannon, and the floor: the statements the categories repository sends for a
//     create, straight through `pg`, with the audit triggers recording (the caller named in
//     `scentia.audit`, as lib/audit/audit-context.ts does) and without (`scentia.audit` = 'off'); also
//     the API with the category tables' audit triggers disabled, and both one create at a time;
//  2. pruning: BENCH_AUDIT_EVENTS (1,000,000) events past their retention, 1-2 changes each, removed by
//     pruneAuditTrail (lib/audit/audit-retention.ts, imported with tsx) while the API answers a light
//     read (and a few writes); their latencies during the prune against the same load before it.
// BENCH_SECONDS sets each load phase's length (10 s).
import autocannon from 'autocannon';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { freshDatabase, ms, signIn, startServer, summarize } from './bench-support.mjs';
import { postgresForTests } from './postgres-for-tests.mjs';

const EVENTS = Number(process.env.BENCH_AUDIT_EVENTS ?? 1_000_000);
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PORT = 3292;
const CONNECTIONS = 10;
const DATABASE = 'scentia_bench_audit';
// The period the prune applies (the configuration's default). The server itself keeps ten years, so
// its own retention job can never take the seeded events from under the measurement.
const RETENTION_DAYS = 1_826;
const SEED_CHUNK = 100_000;

const postgres = await postgresForTests();
if (!postgres.url) {
  console.log(`Audit benchmark skipped: ${postgres.reason}`);
  process.exit(0);
}
const databaseUrl = await freshDatabase(postgres.url, DATABASE);
const server = await startServer({ port: PORT, databaseUrl, env: { AUDIT_RETENTION_DAYS: '3653' } });
const { base } = server;
const { user, headers } = await signIn(base);

// Every created category needs a name of its own (the name is unique).
let created = 0;
function categoryName(through) {
  created += 1;
  return `Bench ${through} ${created}`;
}
const categoryBody = (name) =>
  JSON.stringify({
    name,
    translations: [
      { language: 'en-US', name: `${name} en` },
      { language: 'es-ES', name: `${name} es` },
    ],
  });

/** Load through the API with autocannon, every latency recorded; `stop` ends an open-ended run. */
function apiLoad({ connections, seconds, requests, into = { latencies: [], errors: 0 } }) {
  const run = autocannon({ url: base, connections, duration: seconds, headers, requests });
  run.on('response', (_client, statusCode, _bytes, responseTime) => {
    into.latencies.push(responseTime);
    if (statusCode >= 300) into.errors += 1;
  });
  return {
    stop: () => run.stop(),
    done: run.then(() => ({ ...summarize(into.latencies), errors: into.errors })),
  };
}
const creates = [
  {
    method: 'POST',
    path: '/api/categories',
    headers: { ...headers, 'content-type': 'application/json' },
    setupRequest: (request) => ({ ...request, body: categoryBody(categoryName('api')) }),
  },
];
const reads = [{ method: 'GET', path: '/api/categories?page=1&perPage=10' }];

// ——— 1. What the audit adds to a write ———
const check = await fetch(`${base}/api/categories`, {
  method: 'POST',
  headers: { ...headers, 'content-type': 'application/json' },
  body: categoryBody(categoryName('check')),
});
if (!check.ok) throw new Error(`POST /api/categories answered ${check.status}: ${await check.text()}`);

// For comparison, the API also runs with the category tables' audit triggers disabled (no switch in the
// application turns the trail off for a request).
const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
async function setAuditTriggers(enabled) {
  // The trail is three statement triggers a table, one an event (migration 0047).
  for (const table of ['categories', 'category_translations'])
    for (const trigger of [`${table}_audit`, `${table}_audit_update`, `${table}_audit_delete`])
      await client.query(`alter table ${table} ${enabled ? 'enable' : 'disable'} trigger ${trigger}`);
}
// With and without the audit in alternating halves, so that neither gets the quieter moment alone.
const alternating = [true, false, true, false];
const api = { audited: { latencies: [], errors: 0 }, unaudited: { latencies: [], errors: 0 } };
for (const audited of alternating) {
  await setAuditTriggers(audited);
  const into = audited ? api.audited : api.unaudited;
  await apiLoad({ connections: CONNECTIONS, seconds: DURATION_SECONDS / 2, requests: creates, into }).done;
}
// One request at a time, alternating; the triggers are switched before every request, so both sides
// pay the same re-read of the table's definition.
const apiAlone = { audited: [], unaudited: [] };
for (let run = 0; run < 400; run += 1) {
  const audited = run % 2 === 0;
  await setAuditTriggers(audited);
  const started = performance.now();
  const answer = await fetch(`${base}/api/categories`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: categoryBody(categoryName('alone')),
  });
  await answer.arrayBuffer();
  if (!answer.ok) throw new Error(`POST /api/categories answered ${answer.status}`);
  (audited ? apiAlone.audited : apiAlone.unaudited).push(performance.now() - started);
}
await setAuditTriggers(true);
const apiWrites = { ...summarize(api.audited.latencies), errors: api.audited.errors };
const apiUnaudited = { ...summarize(api.unaudited.latencies), errors: api.unaudited.errors };

// As the server's pool (db/client.ts): 10 connections, the same planner settings.
const pool = new pg.Pool({
  connectionString: databaseUrl,
  max: 10,
  options:
    '-c plan_cache_mode=force_custom_plan -c random_page_cost=1.1 -c max_parallel_workers_per_gather=0',
});
const auditSetting = JSON.stringify({
  actorId: user?.id ?? 1,
  ip: '127.0.0.1',
  userAgent: 'autocannon',
  action: 'postCategories',
  requestId: 'req-bench',
});
/** One create as the repository sends it (categories.service.ts create, record-writes.ts replaceChildRows). */
async function createStraight(audited) {
  const name = categoryName(audited ? 'audited' : 'unaudited');
  const connection = await pool.connect();
  try {
    await connection.query('begin');
    await connection.query(`select set_config('scentia.audit', $1, true)`, [audited ? auditSetting : 'off']);
    const { rows } = await connection.query('insert into categories (name) values ($1) returning id', [name]);
    await connection.query('delete from category_translations where category_id = $1', [rows[0].id]);
    await connection.query(
      'insert into category_translations (category_id, language, name) values ($1, $2, $3), ($1, $4, $5)',
      [rows[0].id, 'en-US', `${name} en`, 'es-ES', `${name} es`],
    );
    await connection.query('commit');
  } catch (error) {
    await connection.query('rollback');
    throw error;
  } finally {
    connection.release();
  }
}
// One at a time first (the work the audit adds, without queueing), then under load.
const alone = { audited: [], unaudited: [] };
for (let run = 0; run < 400; run += 1) {
  const audited = run % 2 === 0;
  const started = performance.now();
  await createStraight(audited);
  (audited ? alone.audited : alone.unaudited).push(performance.now() - started);
}
const floor = { audited: [], unaudited: [] };
for (const audited of alternating) {
  const deadline = Date.now() + (DURATION_SECONDS * 1000) / 2;
  const latencies = audited ? floor.audited : floor.unaudited;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < deadline) {
        const started = performance.now();
        await createStraight(audited);
        latencies.push(performance.now() - started);
      }
    }),
  );
}
await pool.end();
const withAudit = summarize(floor.audited);
const withoutAudit = summarize(floor.unaudited);

// ——— 2. Pruning a million events without blocking requests ———
const seedStarted = performance.now();
// Oldest first, one second apart, all past the retention period by a day at least.
const oldest = new Date(Date.now() - (RETENTION_DAYS + 1) * 86_400_000 - EVENTS * 1000).toISOString();
for (let from = 1; from <= EVENTS; from += SEED_CHUNK) {
  const to = Math.min(EVENTS, from + SEED_CHUNK - 1);
  await client.query(
    `with e as (
       insert into audit_events (occurred_at, actor_id, ip, user_agent, action, request_id, record_type, record_id)
       select $1::timestamptz + i * interval '1 second', 1 + i % 50, ('10.0.' || i % 250 || '.' || i % 200)::inet,
              'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
              (array['postCategories', 'putCategoriesById', 'putUsuarioById', 'retention'])[1 + i % 4],
              md5(i::text), 'category', (i % 5000)::text
       from generate_series($2::int, $3::int) as i
       returning id)
     insert into audit_changes (event_id, table_name, row_key, record_type, record_id, before, after)
     select e.id, case when n = 1 then 'categories' else 'category_translations' end,
            (e.id % 5000)::text || case when n = 1 then '' else ',en-US' end,
            'category', (e.id % 5000)::text,
            case when e.id % 3 <> 0 then jsonb_build_object('id', e.id % 5000, 'name', 'Cítricos ' || e.id, 'deleted_at', null) end,
            jsonb_build_object('id', e.id % 5000, 'name', 'Cítricos frescos ' || e.id, 'deleted_at', null)
     from e cross join generate_series(1, 1 + (e.id % 2)::int) as n`,
    [oldest, from, to],
  );
  process.stdout.write(`  seeded ${to.toLocaleString('en')} audit events\r`);
}
await client.query('vacuum analyze audit_events, audit_changes');
const seedSeconds = (performance.now() - seedStarted) / 1000;
const countOf = async (where) =>
  (await client.query(`select count(*)::int as total from audit_events where ${where}`)).rows[0].total;
const now = new Date();
const cutoff = new Date(now.getTime() - RETENTION_DAYS * 86_400_000).toISOString();
const {
  rows: [{ changes }],
} = await client.query(
  `select count(*)::int as changes from audit_changes c join audit_events e on e.id = c.event_id
   where e.occurred_at < '${cutoff}'`,
);
const recentBefore = await countOf(`occurred_at >= '${cutoff}'`);

/** The light load: reads at 10 connections, and 2 connections creating categories (each writes its event). */
function lightLoad(seconds) {
  return {
    reads: apiLoad({ connections: CONNECTIONS, seconds, requests: reads }),
    writes: apiLoad({ connections: 2, seconds, requests: creates }),
  };
}
const quiet = lightLoad(DURATION_SECONDS);
const before = { reads: await quiet.reads.done, writes: await quiet.writes.done };

// The retention job's own code, on the server's kind of handle; each batch's transaction is timed.
const { openDatabase } = await tsImport('../apps/api/src/db/client.ts', import.meta.url);
const { pruneAuditTrail } = await tsImport('../apps/api/src/lib/audit/audit-retention.ts', import.meta.url);
const database = await openDatabase({ databaseUrl, dataDir: 'unused', poolSize: 2 });
const batches = [];
const timedDb = new Proxy(database.db, {
  get: (target, property, receiver) =>
    property === 'transaction'
      ? async (work, config) => {
          const started = performance.now();
          try {
            return await target.transaction(work, config);
          } finally {
            batches.push(performance.now() - started);
          }
        }
      : Reflect.get(target, property, receiver),
});
const busy = lightLoad(3_600);
await new Promise((resolve) => setTimeout(resolve, 500));
const pruneStarted = performance.now();
const removed = await pruneAuditTrail({ db: timedDb, retentionDays: RETENTION_DAYS, now, batchSize: 5_000 });
const pruneSeconds = (performance.now() - pruneStarted) / 1000;
busy.reads.stop();
busy.writes.stop();
const during = { reads: await busy.reads.done, writes: await busy.writes.done };
await database.close();
const oldLeft = await countOf(`occurred_at < '${cutoff}'`);
const recentAfter = await countOf(`occurred_at >= '${cutoff}' and occurred_at <= '${now.toISOString()}'`);
await client.end();
server.stop();
postgres.stop();

// ——— The figures ———
const verdict = (pass) => (pass ? 'PASS' : 'FAIL');
console.log(
  `\nAudit trail: creating a category (name + 2 translations), PostgreSQL, ${CONNECTIONS} concurrent, ${DURATION_SECONDS} s a phase.\n`,
);
console.log('| through | creates | p50 | p95 | max |\n|---|---|---|---|---|');
const row = (label, figures) =>
  console.log(
    `| ${label} | ${figures.count}${figures.errors ? ` (${figures.errors} errors)` : ''} | ${ms(figures.p50)} | ${ms(figures.p95)} | ${ms(figures.max)} |`,
  );
row('API, POST /api/categories', apiWrites);
row('API, audit triggers disabled', apiUnaudited);
row('pg (floor), audit recording', withAudit);
row('pg (floor), audit off', withoutAudit);
const aloneWith = summarize(alone.audited);
const aloneWithout = summarize(alone.unaudited);
const apiAloneWith = summarize(apiAlone.audited);
const apiAloneWithout = summarize(apiAlone.unaudited);
console.log(
  `\nOne at a time (medians): through pg ${ms(aloneWith.p50)} recording, ${ms(aloneWithout.p50)} off (200 each): the audit's own work is ${ms(aloneWith.p50 - aloneWithout.p50)} a create; through the API ${ms(apiAloneWith.p50)} with the triggers, ${ms(apiAloneWithout.p50)} without (200 each): ${(((apiAloneWith.p50 - apiAloneWithout.p50) / apiAloneWith.p50) * 100).toFixed(1)} %.`,
);
const cost = withAudit.p95 - withoutAudit.p95;
const share = cost / apiWrites.p95;
console.log(
  `The audit's cost at p95 on the floor: ${ms(cost)} (p50: ${ms(withAudit.p50 - withoutAudit.p50)}) = ${(share * 100).toFixed(1)} % of the API's p95; floor with/without ${(withAudit.p95 / withoutAudit.p95).toFixed(2)}× at p95, ${(withAudit.p50 / withoutAudit.p50).toFixed(2)}× at p50.`,
);
console.log(
  `${verdict(share <= 0.1 && apiWrites.errors === 0)}: the audit adds at most 10 % of the API's p95 to a write (floor with − floor without).`,
);
const apiShare = (apiWrites.p95 - apiUnaudited.p95) / apiWrites.p95;
console.log(
  `For information (not the budget): the API against itself, triggers on against off: ${ms(apiWrites.p95 - apiUnaudited.p95)} = ${(apiShare * 100).toFixed(1)} % of its p95, ${ms(apiWrites.p50 - apiUnaudited.p50)} at p50; the API process shares the 2 cores with PostgreSQL and the load, so this one moves most between runs.`,
);

const longest = Math.max(...batches);
console.log(
  `\nPruning: ${removed.toLocaleString('en')} events and ${changes.toLocaleString('en')} changes (seeded in ${seedSeconds.toFixed(0)} s) in ${pruneSeconds.toFixed(1)} s, ${batches.length} batches of 5,000: ${Math.round(removed / pruneSeconds).toLocaleString('en')} events/s, ${Math.round(changes / pruneSeconds).toLocaleString('en')} changes/s; longest batch ${ms(longest)}, median ${ms(summarize(batches).p50)}. Left past the cut-off: ${oldLeft}; recent events kept: ${recentAfter >= recentBefore ? 'all' : `${recentAfter} of ${recentBefore}`}.\n`,
);
console.log('| requests | when | count | p50 | p95 | max |\n|---|---|---|---|---|---|');
for (const [label, kind] of [
  ['GET /api/categories?perPage=10, 10 connections', 'reads'],
  ['POST /api/categories, 2 connections', 'writes'],
]) {
  for (const [when, figures] of [
    ['before', before[kind]],
    ['while pruning', during[kind]],
  ])
    console.log(
      `| ${label} | ${when} | ${figures.count}${figures.errors ? ` (${figures.errors} errors)` : ''} | ${ms(figures.p50)} | ${ms(figures.p95)} | ${ms(figures.max)} |`,
    );
}
const unblocked = (kind) =>
  during[kind].errors === 0 &&
  during[kind].p95 <= 2 * before[kind].p95 &&
  during[kind].max <= before[kind].max + longest;
console.log(
  `${verdict(removed === EVENTS && oldLeft === 0 && unblocked('reads') && unblocked('writes'))}: requests are not blocked while pruning (p95 at most 2× the p95 before, and no request longer than the longest before plus one batch).`,
);
