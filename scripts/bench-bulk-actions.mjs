// A bulk action over BENCH_BULK_ROWS (10,000) records on PostgreSQL, as the web sends it: the ids of
// "all that match" (`POST /api/<path>/bulk/ids`), then chunks of 500 (`POST /api/<path>/bulk`) one
// after another under one action id. Locations: deactivating them all, then reactivating them all;
// devices: moving them all to another location, retiring them all, then deleting them all for good
// (lib/resource-kit/bulk-actions.ts); users (`/api/usuario`): deactivating confirmed users, then
// reactivating them, resending the confirmation mail to as many unconfirmed ones, then deleting those
// for good. `BENCH_BULK_KINDS` (default all: `locations,devices,users`) picks.
// Budget (issue 40): 10,000 rows in at most 20 s. In a database of its own, `scentia_bench_bulk`,
// created afresh at every run and migrated by the built server.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { processCpuSeconds } from './bench-cpu.mjs';
import { countingRelay } from './bench-statement-count.mjs';
import { freshDatabase, signIn, startServer } from './bench-support.mjs';
import { postgresForTests } from './postgres-for-tests.mjs';

const ROWS = Number(process.env.BENCH_BULK_ROWS ?? 10_000);
const CHUNK = 500;
// A port of its own (the other benches use 3290–3299), changeable when taken.
const PORT = Number(process.env.BENCH_BULK_PORT ?? 3361);
const DATABASE = process.env.BENCH_BULK_DATABASE ?? 'scentia_bench_bulk';
const BUDGET_MS = 20_000;
const KINDS = (process.env.BENCH_BULK_KINDS ?? 'locations,devices,users').split(',');

const postgres = await postgresForTests();
if (!postgres.url) {
  console.log(`Bulk actions benchmark skipped: ${postgres.reason}`);
  process.exit(0);
}
const databaseUrl = await freshDatabase(postgres.url, DATABASE);
// The server reaches PostgreSQL through a relay that counts its statements.
const relay = await countingRelay(databaseUrl);
const server = await startServer({ port: PORT, databaseUrl: relay.url });
const { base } = server;
const { headers } = await signIn(base);

// The rows: one organisation's locations, written straight (not anybody's change: no audit).
const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
await client.query('begin');
await client.query(`select set_config('scentia.audit', 'off', true)`);
const {
  rows: [organization],
} = await client.query(
  `insert into organizations (name, legal_name, cnpj) values ('Rede Bulk', 'Rede Bulk Ltda', '11222333000181')
   returning id`,
);
await client.query(
  `insert into locations (organization_id, name, city)
   select $1, 'Loja ' || n, 'Recife' from generate_series(1, $2::int) n`,
  [organization.id, ROWS],
);
// The devices: ROWS of them at one location (the first), with a campaign; the move takes them to the
// second. In an organisation of their own, so that the locations' filter leaves them out.
const {
  rows: [fleetOwner],
} = await client.query(
  `insert into organizations (name, legal_name, cnpj) values ('Frota Bulk', 'Frota Bulk Ltda', '11444777000161')
   returning id`,
);
const {
  rows: [from, to],
} = await client.query(
  `insert into locations (organization_id, name, city) values ($1, 'Origem', 'Recife'), ($1, 'Destino', 'Recife')
   returning id`,
  [fleetOwner.id],
);
const {
  rows: [campaign],
} = await client.query(`insert into campaigns (name) values ('Campanha Bulk') returning id`);
await client.query(
  `insert into devices (mac_address, location_id, organization_id, campaign_id)
   select lpad(to_hex(n), 12, '0'), $1, $2, $3 from generate_series(1, $4::int) n`,
  [from.id, fleetOwner.id, campaign.id, ROWS],
);
// The users: ROWS confirmed operators to deactivate and reactivate, ROWS unconfirmed ones to mail and
// delete, each set found by the users list's search.
await client.query(
  `insert into users (name, email, profile_id, confirmed_at)
   select 'Bulk Pessoa ' || n, 'bulk.pessoa' || n || '@bench.test',
     (select id from profiles where name = 'OPERADOR'), now()
   from generate_series(1, $1::int) n`,
  [ROWS],
);
await client.query(
  `insert into users (name, email, profile_id)
   select 'Bulk Convite ' || n, 'bulk.convite' || n || '@bench.test',
     (select id from profiles where name = 'OPERADOR')
   from generate_series(1, $1::int) n`,
  [ROWS],
);
await client.query('commit');

async function post(path, body) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/**
 * CPU seconds of the server and of each of the bench database's backends (the machine's other work
 * left out), by process id: a backend the pool closed meanwhile drops out of the difference.
 */
async function cpuSeconds() {
  const { rows } = await client.query(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  const backends = new Map(rows.map(({ pid }) => [pid, processCpuSeconds(pid)]));
  return { server: processCpuSeconds(server.pid), backends };
}

/** The backends' CPU spent between two readings, over the backends alive at the second. */
function backendsSpent(before, after) {
  let spent = 0;
  for (const [pid, seconds] of after.backends) spent += seconds - (before.backends.get(pid) ?? 0);
  return spent;
}

/** The whole action as the web runs it: the ids of the filter, then every chunk in turn. */
async function bulk(path, action, filter, values) {
  const actionId = randomUUID();
  const cpuBefore = await cpuSeconds();
  const statementsBefore = relay.statements();
  const started = performance.now();
  const { ids } = await post(`/api/${path}/bulk/ids`, filter);
  const idsMs = performance.now() - started;
  const outcomes = {};
  const chunkTimes = [];
  for (let start = 0; start < ids.length; start += CHUNK) {
    const chunkStarted = performance.now();
    const { results } = await post(`/api/${path}/bulk`, {
      action,
      ids: ids.slice(start, start + CHUNK),
      actionId,
      ...(values && { values }),
    });
    chunkTimes.push(performance.now() - chunkStarted);
    for (const { outcome } of results) outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
  }
  const totalMs = performance.now() - started;
  const statements = relay.statements() - statementsBefore;
  const cpuAfter = await cpuSeconds();
  const cpuMs = {
    server: (cpuAfter.server - cpuBefore.server) * 1000,
    backends: backendsSpent(cpuBefore, cpuAfter) * 1000,
  };
  const {
    rows: [audited],
  } = await client.query('select count(*)::int as events from audit_events where request_id = $1', [
    actionId,
  ]);
  return {
    action: `${path} ${action}`,
    rows: ids.length,
    idsMs,
    totalMs,
    chunkTimes,
    outcomes,
    events: audited.events,
    statements,
    cpuMs,
  };
}

const runs = [];
if (KINDS.includes('locations')) {
  const ofOrganization = { organizationId: String(organization.id) };
  runs.push(await bulk('locations', 'deactivate', ofOrganization));
  runs.push(await bulk('locations', 'activate', ofOrganization));
}
if (KINDS.includes('devices')) {
  const ofFleet = { organizationId: String(fleetOwner.id) };
  runs.push(await bulk('devices', 'move', ofFleet, { locationId: to.id }));
  runs.push(await bulk('devices', 'deactivate', ofFleet));
  runs.push(await bulk('devices', 'delete', { ...ofFleet, isActive: 'false' }));
}
if (KINDS.includes('users')) {
  const people = { search: 'bulk pessoa' };
  const invited = { search: 'bulk convite' };
  runs.push(await bulk('usuario', 'deactivate', { ...people, isActive: 'true' }));
  runs.push(await bulk('usuario', 'activate', people));
  runs.push(await bulk('usuario', 'resendConfirmation', invited));
  const {
    rows: [outbox],
  } = await client.query(
    `select count(*)::int as mails, count(distinct user_id)::int as people from mail_outbox
     where to_address like 'bulk.convite%@bench.test'`,
  );
  console.log(`Resend: ${outbox.mails} mails queued to ${outbox.people} people.`);
  runs.push(await bulk('usuario', 'delete', invited));
}
await client.end();
server.stop();
relay.close();

const seconds = (value) => `${(value / 1000).toFixed(1)} s`;
console.log(
  `| action | rows | ids of the filter | chunks of ${CHUNK} | slowest chunk | whole action | per row | within 20 s | audit events | statements per row | CPU per row (server + PostgreSQL) |`,
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|');
for (const run of runs) {
  const per = (run.totalMs / run.rows).toFixed(2);
  const slowest = Math.max(...run.chunkTimes);
  console.log(
    `| ${run.action} | ${run.rows.toLocaleString('en-US')} (${Object.entries(run.outcomes)
      .map(([outcome, count]) => `${count} ${outcome}`)
      .join(
        ', ',
      )}) | ${Math.round(run.idsMs)} ms | ${run.chunkTimes.length} | ${seconds(slowest)} | ${seconds(run.totalMs)} | ${per} ms | ${run.totalMs <= BUDGET_MS ? 'yes' : 'NO'} | ${run.events.toLocaleString('en-US')} | ${(run.statements / run.rows).toFixed(2)} | ${(run.cpuMs.server / run.rows).toFixed(2)} + ${(run.cpuMs.backends / run.rows).toFixed(2)} ms |`,
  );
}
