// What a device row costs the database when an import inserts it, trigger by trigger: 2,000 devices
// inserted in one statement, in a transaction rolled back, under the import's audit context (one event
// per record), once as each variant has it (each plan cache mode, each trigger of the table disabled
// in turn); the figure is the CPU time of the connection's backend (from /proc) per row, so it holds on
// a loaded machine. Run on the database `bench-device-import.mjs` leaves behind (its locations and
// campaigns): `node scripts/profile-device-insert.mjs` (PROFILE_DATABASE_URL to name another).
// docs/performance/device-import.md has its figures.
import { readFile } from 'node:fs/promises';
import pg from 'pg';

const url =
  process.env.PROFILE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/scentia_bench_device_import';
const ROWS = 2_000;
const ROUNDS = 2;

const client = new pg.Client({ connectionString: url });
await client.connect();
const {
  rows: [{ pid }],
} = await client.query('select pg_backend_pid() as pid');

/** The backend's CPU time (user + system), in milliseconds. */
async function backendCpu() {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const INSERT = `insert into devices (mac_address, location_id, campaign_id, organization_id)
  select upper(lpad(to_hex(x'0e0000000000'::bigint + n), 12, '0')), l.id,
    (select min(id) from campaigns) + n % 20, l.organization_id
  from generate_series(1, ${ROWS}) n
  join locations l on l.id = (select min(id) from locations) + n % 1000
  on conflict (mac_address) do nothing`;

const custom = 'set local plan_cache_mode = force_custom_plan';
const generic = 'set local plan_cache_mode = force_generic_plan';
const without = (trigger) => `alter table devices disable trigger ${trigger}`;
// The trail is three statement triggers, one an event (migration 0047).
const withoutAudit = ['devices_audit', 'devices_audit_update', 'devices_audit_delete'].map(without);
const VARIANTS = [
  ['planned with its values (every connection)', [custom]],
  ['planned once (the apply)', [generic]],
  ['planned once, without the audit trigger', [generic, ...withoutAudit]],
  ['planned once, without the names trigger', [generic, without('devices_names')]],
  ['planned once, without the search text trigger', [generic, without('devices_search_text')]],
  ['planned once, without any trigger but the foreign keys', [generic, without('user')]],
  ['planned once, without any trigger', [generic, without('all')]],
];

console.log('| variant | CPU a row (database) |');
console.log('|---|---|');
for (const [name, statements] of VARIANTS) {
  const spent = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    await client.query('begin');
    await client.query(
      `select set_config('scentia.audit', $1, true),
      set_config('scentia.audit_event', 'per-record', true)`,
      [JSON.stringify({ actorId: null, action: 'importDevice', requestId: 'profile' })],
    );
    for (const statement of statements) await client.query(statement);
    const before = await backendCpu();
    await client.query(INSERT);
    spent.push(((await backendCpu()) - before) / ROWS);
    await client.query('rollback');
  }
  console.log(`| ${name} | ${Math.round((Math.min(...spent) * 1000) / 5) * 5} µs |`);
}
await client.end();
