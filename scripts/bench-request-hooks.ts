// The JavaScript a request runs through the app before and after its handler, without sockets: process
// CPU (not wall time) per `app.inject` of GET /api/health/live and of a device route refused at its door
// (malformed credential, 401), against a bare Fastify app answering the same JSON in the same process.
// The apps are measured in turns, round after round, so each sees the same minutes of a shared machine.
// `npx tsx scripts/bench-request-hooks.ts` on a migrated PostgreSQL database (HOOKS_DATABASE_URL;
// the bench-request-overhead.mjs one by default); HOOKS_BEFORE=<another tree>/apps/api/src/app.ts
// measures that tree's app beside this one (docs/performance/device-request-cost.md).
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import Fastify from 'fastify';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { createLogger } from '../apps/api/src/logger.ts';

const CALLS = Number(process.env.HOOKS_CALLS ?? 5_000);
const ROUNDS = Number(process.env.HOOKS_ROUNDS ?? 5);
const DATABASE_URL =
  process.env.HOOKS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/scentia_bench_overhead_0';

type Injectable = { inject: (options: object) => Promise<{ statusCode: number }> };
const REQUESTS = [
  { name: 'GET /api/health/live', options: { method: 'GET', url: '/api/health/live' }, status: 200 },
  {
    name: 'device route, malformed credential (401)',
    options: { method: 'GET', url: '/api/device/config', headers: { authorization: 'Bearer dvc_x' } },
    status: 401,
  },
];

async function cpuPerCall(app: Injectable, options: object, status: number): Promise<number> {
  const before = process.cpuUsage();
  for (let call = 0; call < CALLS; call += 1) {
    const answer = await app.inject(options);
    if (answer.statusCode !== status) throw new Error(`answered ${answer.statusCode}`);
  }
  const spent = process.cpuUsage(before);
  return (spent.user + spent.system) / CALLS;
}

const database = await openDatabase({ databaseUrl: DATABASE_URL, poolSize: 2 });
const config = loadConfig({ LOG_LEVEL: 'warn', DATABASE_URL, DATABASE_ALLOW_OWNER: 'true' });
const logger = createLogger('warn');
const apps: { label: string; app: Injectable }[] = [];
if (process.env.HOOKS_BEFORE) {
  const before = await import(pathToFileURL(process.env.HOOKS_BEFORE).href);
  apps.push({ label: 'before', app: await before.buildApp({ config, database, logger }) });
}
apps.push({ label: 'after', app: await buildApp({ config, database, logger }) });
const bare = Fastify();
bare.get('/api/health/live', async () => ({ status: 'ok', uptimeSeconds: Math.round(process.uptime()) }));
apps.push({ label: 'bare Fastify', app: bare });

const figures = new Map<string, number[]>();
for (let round = 0; round <= ROUNDS; round += 1) {
  for (const { label, app } of apps)
    for (const request of REQUESTS) {
      if (label === 'bare Fastify' && request.status !== 200) continue;
      const perCall = await cpuPerCall(app, request.options, request.status);
      // Round 0 warms the code up: not counted.
      if (round > 0)
        figures.set(`${label}: ${request.name}`, [
          ...(figures.get(`${label}: ${request.name}`) ?? []),
          perCall,
        ]);
    }
  console.log(`round ${round} done, load ${loadavg()[0].toFixed(2)}`);
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
console.log(`\nProcess CPU per app.inject, µs (median of ${ROUNDS} rounds of ${CALLS} calls)`);
console.log('| what | µs / request | each round |');
console.log('|---|---|---|');
for (const [what, values] of figures)
  console.log(
    `| ${what} | **${median(values).toFixed(1)}** | ${values.map((value) => value.toFixed(1)).join(' / ')} |`,
  );
process.exit(0);
