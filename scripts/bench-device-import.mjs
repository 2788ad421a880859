// The devices' import of BENCH_IMPORT_ROWS (100,000) rows from an xlsx file, through the HTTP route
// on the built server and PostgreSQL (issue 40 §3): the dry run (`mode=check`), the apply
// (`mode=apply`, every row inserted, one audit event per device), and the same file applied again
// (every row unchanged). Budget: at most 60 s each, with flat memory: the server's resident memory is
// sampled during each run. The file is written with the xlsx writer the exports use (ExcelJS's
// streaming writer), MACs typed with separators and CNPJs with their mask, as a client's sheet has
// them. In a database of its own, `scentia_bench_device_import`, created afresh at every run
// (`BENCH_IMPORT_DATABASE` and `BENCH_IMPORT_PORT`, default 3298, move it aside).
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freshDatabase, signIn, startServer } from './bench-support.mjs';
import { postgresForTests } from './postgres-for-tests.mjs';

// exceljs is the API's dependency (its xlsx writer), resolved from there.
const ExcelJS = createRequire(new URL('../apps/api/package.json', import.meta.url))('exceljs');

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const ORGANIZATIONS = 100;
const LOCATIONS_EACH = 10;
const CAMPAIGNS = 20;
// Changeable when another run holds them.
const PORT = Number(process.env.BENCH_IMPORT_PORT ?? 3298);
const DATABASE = process.env.BENCH_IMPORT_DATABASE ?? 'scentia_bench_device_import';
const BUDGET_MS = 60_000;
const RSS_SAMPLE_MS = 250;

const postgres = await postgresForTests();
if (!postgres.url) {
  console.log(`Device import benchmark skipped: ${postgres.reason}`);
  process.exit(0);
}
const databaseUrl = await freshDatabase(postgres.url, DATABASE);
const server = await startServer({ port: PORT, databaseUrl });
const { base } = server;
const { headers } = await signIn(base);

// What the rows name, written straight (not anybody's change: no audit): organisations, their
// locations and the campaigns.
const cnpjOf = (n) => String(10_000_000_000_000 + n * 7_919).padStart(14, '0');
const maskedCnpj = (cnpj) =>
  `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`;
const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
await client.query('begin');
await client.query(`select set_config('scentia.audit', 'off', true)`);
await client.query(
  `insert into organizations (name, legal_name, cnpj)
   select 'Rede ' || n, 'Rede ' || n || ' Ltda', lpad((10000000000000 + n * 7919)::text, 14, '0')
   from generate_series(1, $1::int) n`,
  [ORGANIZATIONS],
);
await client.query(
  `insert into locations (organization_id, name, city)
   select o.id, 'Loja ' || l, 'Recife' from organizations o, generate_series(1, $1::int) l`,
  [LOCATIONS_EACH],
);
await client.query(
  `insert into campaigns (name) select 'Campanha ' || n from generate_series(1, $1::int) n`,
  [CAMPAIGNS],
);
await client.query('commit');

// The file, streamed to disk row by row.
const path = join(tmpdir(), `scentia-bench-device-import-${randomUUID()}.xlsx`);
const writeStarted = performance.now();
const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: false });
const sheet = workbook.addWorksheet('Importação');
sheet.addRow(['Endereço MAC', 'CNPJ da organização', 'Local', 'Campanha']).commit();
for (let n = 0; n < ROWS; n += 1) {
  const mac = `02${(0x10_0000_0000 + n).toString(16).padStart(10, '0')}`.match(/../g).join(':');
  const organization = 1 + (n % ORGANIZATIONS);
  sheet
    .addRow([
      mac,
      maskedCnpj(cnpjOf(organization)),
      `Loja ${1 + (Math.floor(n / ORGANIZATIONS) % LOCATIONS_EACH)}`,
      `Campanha ${1 + (n % CAMPAIGNS)}`,
    ])
    .commit();
}
await workbook.commit();
const writeMs = performance.now() - writeStarted;
const fileBytes = (await stat(path)).size;

/** The server's resident memory (MiB), read from /proc. */
async function rssOf(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/**
 * The file posted as multipart, streamed from disk, over node:http: fetch gives up on an answer that
 * takes over 5 minutes, which a loaded machine reaches.
 */
function upload(route) {
  const boundary = `----scentia${randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="devices.xlsx"\r\n` +
      `content-type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${route}`, {
      method: 'POST',
      headers: {
        ...headers,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': head.length + fileBytes + tail.length,
      },
    });
    request.on('error', reject);
    request.on('response', (response) => {
      const parts = [];
      response.on('data', (part) => parts.push(part));
      response.on('end', () =>
        resolve({ status: response.statusCode, text: Buffer.concat(parts).toString('utf8') }),
      );
      response.on('error', reject);
    });
    request.write(head);
    const file = createReadStream(path);
    file.on('error', reject);
    file.on('end', () => request.end(tail));
    file.pipe(request, { end: false });
  });
}

/** A process's CPU time (user + system, seconds) from /proc; 0 once it has ended. */
async function cpuOf(pid) {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are the stat line's 14th and 15th fields, in clock ticks (100 a second).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * The PostgreSQL processes working on the bench's database (the bench's own connection apart): the
 * server's connections, and the autovacuum workers its writes set off.
 */
async function backendPids() {
  const { rows } = await client.query(
    `select pid, backend_type = 'client backend' as is_client from pg_stat_activity
     where datname = $1 and pid <> pg_backend_pid()`,
    [DATABASE],
  );
  return rows;
}

/**
 * The CPU spent by the server and by the database's backends since `cpuMeter()`: each backend's
 * time is read at every sample and its last reading kept, so a backend that ends between samples
 * loses at most one sample's worth.
 */
async function cpuMeter() {
  const serverStart = await cpuOf(server.pid);
  const start = new Map();
  const last = new Map();
  const isClient = new Map();
  for (const { pid } of await backendPids()) start.set(pid, await cpuOf(pid));
  const sample = async () => {
    for (const { pid, is_client } of await backendPids()) {
      const cpu = await cpuOf(pid);
      isClient.set(pid, is_client);
      if (cpu > 0) last.set(pid, cpu);
    }
  };
  return {
    sample,
    async read() {
      await sample();
      let database = 0;
      let autovacuum = 0;
      for (const [pid, cpu] of last) {
        const spent = cpu - (start.get(pid) ?? 0);
        if (isClient.get(pid)) database += spent;
        else autovacuum += spent;
      }
      return { server: (await cpuOf(server.pid)) - serverStart, database, autovacuum };
    },
  };
}

/** An import run: its wall time, its CPU, its report, and the server's memory sampled while it ran. */
async function run(mode) {
  const samples = [await rssOf(server.pid)];
  const cpu = await cpuMeter();
  const sampler = setInterval(() => {
    rssOf(server.pid).then(
      (rss) => samples.push(rss),
      () => {},
    );
    cpu.sample().catch(() => {});
  }, RSS_SAMPLE_MS);
  const started = performance.now();
  const response = await upload(`/api/devices/import?mode=${mode}`);
  if (response.status !== 200 && response.status !== 202)
    throw new Error(`The ${mode} answered ${response.status}: ${response.text}`);
  let report = JSON.parse(response.text);
  // An import run as a job answers 202 and is followed at GET /api/imports/{id}.
  while (response.status === 202 && report.state !== 'done' && report.state !== 'failed') {
    await new Promise((resolve) => setTimeout(resolve, 500));
    report = await (await fetch(`${base}/api/imports/${report.id}`, { headers })).json();
  }
  const wallMs = performance.now() - started;
  clearInterval(sampler);
  return { mode, wallMs, report, samples, cpu: await cpu.read() };
}

/** Each run's line as it ends, so that a run stopped later leaves the earlier ones' figures. */
async function reported(mode) {
  const result = await run(mode);
  const { counts, applied } = result.report;
  console.log(
    `${mode}: ${(result.wallMs / 1000).toFixed(1)} s, CPU server ${result.cpu.server.toFixed(1)} s + database ${result.cpu.database.toFixed(1)} s (+ autovacuum ${result.cpu.autovacuum.toFixed(1)} s), peak RSS ${Math.round(Math.max(...result.samples))} MiB, ${JSON.stringify(counts)}, applied ${applied}`,
  );
  return result;
}

const loadAtStart = loadavg()[0];
const check = await reported('check');
const apply = await reported('apply');
const again = await reported('apply');
const {
  rows: [written],
} = await client.query(
  `select (select count(*)::int from devices) as devices,
     (select count(*)::int from audit_events where request_id = $1) as events`,
  [apply.report.id],
);
await client.end();
server.stop();
await rm(path, { force: true });

const loadAtEnd = loadavg()[0];
const seconds = (value) => `${(value / 1000).toFixed(1)} s`;
/** CPU time (server + database) per row, in microseconds. */
const perRow = ({ server: own, database }) => `${Math.round(((own + database) * 1e6) / ROWS)} µs`;
const mib = (value) => `${Math.round(value)} MiB`;
console.log(
  `${ROWS.toLocaleString('en-US')} rows, ${(fileBytes / 1024 / 1024).toFixed(1)} MiB xlsx written in ${seconds(writeMs)}; ${written.devices.toLocaleString('en-US')} devices and ${written.events.toLocaleString('en-US')} audit events after the apply.`,
);
console.log(
  `Load average (1 min): ${loadAtStart.toFixed(2)} at the start, ${loadAtEnd.toFixed(2)} at the end.`,
);
console.log(
  '| run | wall time | within 60 s | CPU server / database | CPU a row | insert / update / unchanged / invalid | applied | RSS before | peak RSS | RSS at the end |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const { mode, wallMs, cpu, report, samples } of [check, apply, { ...again, mode: 'apply again' }]) {
  const { insert, update, unchanged, invalid } = report.counts;
  console.log(
    `| ${mode} | ${seconds(wallMs)} | ${wallMs <= BUDGET_MS ? 'yes' : 'NO'} | ${cpu.server.toFixed(1)} s / ${cpu.database.toFixed(1)} s | ${perRow(cpu)} | ${[
      insert,
      update,
      unchanged,
      invalid,
    ]
      .map((count) => count.toLocaleString('en-US'))
      .join(
        ' / ',
      )} | ${report.applied} | ${mib(samples[0])} | ${mib(Math.max(...samples))} | ${mib(samples.at(-1))} |`,
  );
}
