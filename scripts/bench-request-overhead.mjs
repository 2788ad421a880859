// What a request costs the server before its handler does anything: the server's CPU (from /proc) per
// request of GET /api/health/live (touches nothing) and of a device route refused at its door (a
// malformed credential: 401 before any read), against a bare Fastify route answering health/live's
// JSON, each under autocannon (8 connections, OVERHEAD_SECONDS s), OVERHEAD_ROUNDS rounds alternating
// the builds and the bare route so that each sees the same minutes of a shared machine; medians.
// After `npm run build -w apps/api`: `node scripts/bench-request-overhead.mjs`
// (docs/performance/device-request-cost.md). OVERHEAD_BUILDS names the builds to compare
// (`before=<folder>/server.js,after=apps/api/dist/server.js`; the current build alone by default).
// OVERHEAD_PROFILE_DIR: instead, one CPU profile of each build a route (scripts/profiled-server.mjs),
// summarised by scripts/cpu-profile-summary.mjs.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { processCpuSeconds } from './bench-cpu.mjs';
import { freshDatabase, startServer } from './bench-support.mjs';
import { summarizeProfile } from './cpu-profile-summary.mjs';
import { postgresForTests } from './postgres-for-tests.mjs';

const SECONDS = Number(process.env.OVERHEAD_SECONDS ?? 5);
const ROUNDS = Number(process.env.OVERHEAD_ROUNDS ?? 3);
const PORT = Number(process.env.OVERHEAD_PORT ?? 3287);
const PROFILE_DIR = process.env.OVERHEAD_PROFILE_DIR;
const BUILDS = (process.env.OVERHEAD_BUILDS ?? 'current=apps/api/dist/server.js').split(',').map((entry) => {
  const [label, path] = entry.split('=');
  return { label, path: resolve(path) };
});

const ROUTES = [
  { name: 'GET /api/health/live', path: '/api/health/live', headers: [] },
  {
    // Refused by the device door before any read: every hook of a device route, no handler, no database.
    name: 'GET /api/device/config, malformed credential (401)',
    path: '/api/device/config',
    headers: ['-H', 'authorization=Bearer dvc_not-a-credential'],
  },
];

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Server CPU per request of `url` under autocannon (8 connections, `seconds`). */
function autocannonCost(pid, url, headers, seconds = SECONDS) {
  const before = processCpuSeconds(pid);
  const run = spawnSync('npx', ['autocannon', '-c', '8', '-d', String(seconds), '-j', ...headers, url], {
    encoding: 'utf8',
  });
  const spent = processCpuSeconds(pid) - before;
  const result = JSON.parse(run.stdout);
  return { perRequestUs: (spent * 1e6) / result.requests.total, requests: result.requests.total };
}

async function startBare({ isProfiled = false } = {}) {
  const script = isProfiled ? 'scripts/profiled-server.mjs' : 'scripts/bench-bare-fastify.mjs';
  const bare = spawn('node', [script], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      BARE_PORT: String(PORT - 1),
      PROFILED_SERVER: 'scripts/bench-bare-fastify.mjs',
      PROFILE_DIR: PROFILE_DIR && resolve(PROFILE_DIR, 'bare'),
    },
  });
  await new Promise((ready) => bare.stdout.once('data', ready));
  return { pid: bare.pid, base: `http://127.0.0.1:${PORT - 1}`, stop: () => bare.kill() };
}

async function startBuild(build, databaseUrl, index) {
  const isProfiled = PROFILE_DIR !== undefined;
  return startServer({
    serverPath: isProfiled ? resolve('scripts/profiled-server.mjs') : build.path,
    port: PORT + index,
    databaseUrl,
    env: isProfiled ? { PROFILED_SERVER: build.path, PROFILE_DIR: resolve(PROFILE_DIR, build.label) } : {},
  });
}

async function measure(databaseUrls) {
  const servers = [];
  for (const [index, build] of BUILDS.entries())
    servers.push({ label: build.label, ...(await startBuild(build, databaseUrls[index], index)) });
  const bare = await startBare();
  const figures = new Map();
  const record = (key, value) => figures.set(key, [...(figures.get(key) ?? []), value]);
  try {
    // Warm-up: the first seconds of a process compile what the rest runs.
    for (const server of servers)
      for (const route of ROUTES) autocannonCost(server.pid, `${server.base}${route.path}`, route.headers, 2);
    autocannonCost(bare.pid, `${bare.base}/api/health/live`, [], 2);
    for (let round = 0; round < ROUNDS; round += 1) {
      const load = loadavg()[0];
      for (const route of ROUTES)
        for (const server of servers) {
          const cost = autocannonCost(server.pid, `${server.base}${route.path}`, route.headers);
          record(`${server.label}: ${route.name}`, { ...cost, load });
        }
      record('bare Fastify: the same JSON', {
        ...autocannonCost(bare.pid, `${bare.base}/api/health/live`, []),
        load,
      });
    }
  } finally {
    bare.stop();
    for (const server of servers) server.stop();
  }
  console.log(
    `\nServer CPU per request, medians of ${ROUNDS} rounds of ${SECONDS} s (autocannon, 8 connections)`,
  );
  console.log('| what | µs / request | each round | requests/s | load at each round |');
  console.log('|---|---|---|---|---|');
  for (const [what, runs] of figures) {
    const each = runs.map((run) => run.perRequestUs.toFixed(1)).join(' / ');
    const perSecond = Math.round(median(runs.map((run) => run.requests / SECONDS)));
    const loads = runs.map((run) => run.load.toFixed(2)).join(' / ');
    console.log(
      `| ${what} | **${median(runs.map((run) => run.perRequestUs)).toFixed(1)}** | ${each} | ${perSecond} | ${loads} |`,
    );
  }
}

/**
 * One CPU profile of `server` under autocannon on `route`, summarised in microseconds of the main
 * thread a request (the samples' time, idle left out, over the requests answered).
 */
async function profileRoute(server, label, route, number) {
  const url = `${server.base}${route.path}`;
  autocannonCost(server.pid, url, route.headers, 2);
  process.kill(server.pid, 'SIGUSR2');
  const { requests } = autocannonCost(server.pid, url, route.headers);
  process.kill(server.pid, 'SIGUSR2');
  await new Promise((done) => setTimeout(done, 1_000));
  const file = join(PROFILE_DIR, label, `${number}.cpuprofile`);
  const summary = summarizeProfile(JSON.parse(readFileSync(file, 'utf8')));
  const idle = summary.self.find((row) => row.name === '(idle)')?.share ?? 0;
  const perRequest = (share) => ((share * summary.totalMs * 1000) / requests).toFixed(2).padStart(7);
  const lines = [
    `${label}, ${route.name}: ${requests} requests, busy ${perRequest(1 - idle).trim()} µs a request, load ${loadavg()[0].toFixed(2)}`,
    'own time by owner (µs a request):',
    ...summary.self.slice(0, 20).map((row) => `  ${perRequest(row.share)}  ${row.name}`),
    'own time by function (µs a request):',
    ...summary.selfByFrame.slice(0, 60).map((row) => `  ${perRequest(row.share)}  ${row.name}`),
    'on the stack, everything called included (µs a request):',
    ...summary.inclusive.slice(0, 150).map((row) => `  ${perRequest(row.share)}  ${row.name}`),
  ];
  writeFileSync(`${file}.txt`, `${lines.join('\n')}\n`);
  console.log(lines.slice(0, 22).join('\n'));
}

async function profile(databaseUrls) {
  for (const [index, build] of BUILDS.entries()) {
    mkdirSync(join(PROFILE_DIR, build.label), { recursive: true });
    const server = await startBuild(build, databaseUrls[index], index);
    try {
      for (const [number, route] of ROUTES.entries())
        await profileRoute(server, build.label, route, number + 1);
    } finally {
      server.stop();
    }
  }
  mkdirSync(join(PROFILE_DIR, 'bare'), { recursive: true });
  const bare = await startBare({ isProfiled: true });
  try {
    await profileRoute(bare, 'bare', ROUTES[0], 1);
  } finally {
    bare.stop();
  }
}

const postgres = await postgresForTests();
if (!postgres.url) throw new Error(`No PostgreSQL: ${postgres.reason}`);
try {
  const databaseUrls = [];
  for (const index of BUILDS.keys())
    databaseUrls.push(await freshDatabase(postgres.url, `scentia_bench_overhead_${index}`));
  if (PROFILE_DIR) await profile(databaseUrls);
  else await measure(databaseUrls);
} finally {
  postgres.stop();
}
