// The login route's budgets (docs/performance/login-page.md): at most 150 KB of gzipped JavaScript and at
// least 95 on Lighthouse mobile. `npm run bench` runs it; alone:
// `npm run build && node scripts/bench-login-route.mjs`.
//  - JavaScript: every script Chromium downloads for /auth/login until the network is idle, each gzipped
//    at level 9 (the figure apps/web/e2e/bundle-budget.spec.ts enforces, whatever the server compresses);
//  - Lighthouse: the performance category with its default mobile settings (simulated slow 4G, 4× CPU
//    slowdown), LIGHTHOUSE_RUNS runs (3 by default), the median reported. Lighthouse is not a dependency
//    of the project: npx fetches the pinned version on the first run (12.8 is the last to run on Node 20).
// LOGIN_ROUTE_URL measures an already running server instead of starting the built one (PGlite in a
// temporary folder). The load average is printed with the figures: on this shared 2-core machine the
// Lighthouse score depends on it, the JavaScript weight does not.
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';

const LIGHTHOUSE = 'lighthouse@12.8.2';
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const BUDGET_KB = 150;
const PORT = 3291;

async function startBuiltServer() {
  if (!existsSync('apps/api/dist/server.js') || !existsSync('apps/web/dist/index.html')) {
    throw new Error('Build first: npm run build');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'scentia-bench-login-'));
  const server = spawn('node', ['apps/api/dist/server.js'], {
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  const stop = () => {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  const base = `http://127.0.0.1:${PORT}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, stop };
    } catch {}
    if (Date.now() > deadline) {
      stop();
      throw new Error('The server did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Every script the login page loads until the network is idle: count, raw and gzipped bytes. */
async function measureScripts(url) {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage();
    const scripts = [];
    page.on('response', (response) => {
      if ((response.headers()['content-type'] ?? '').includes('javascript')) scripts.push(response);
    });
    await page.goto(url);
    await page.locator('input[type="password"]').waitFor();
    // The prerendered page boots the app after a few idle seconds: wait for it, so that every script
    // the login route runs on is counted.
    await page.locator('#prerendered-page').waitFor({ state: 'detached', timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    if (scripts.length === 0) throw new Error('The login page loaded no JavaScript: is apps/web/dist built?');
    const files = [];
    for (const response of scripts) {
      const body = await response.body();
      files.push({
        name: new URL(response.url()).pathname.replace(/^\/assets\//, ''),
        raw: body.length,
        gzip: gzipSync(body, { level: 9 }).length,
      });
    }
    return files;
  } finally {
    await browser.close();
  }
}

const run = promisify(execFile);

async function lighthouse(url) {
  const { stdout } = await run(
    'npx',
    [
      '--yes',
      LIGHTHOUSE,
      url,
      '--only-categories=performance',
      '--output=json',
      '--output-path=stdout',
      '--quiet',
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    ],
    { env: { ...process.env, CHROME_PATH: CHROMIUM }, maxBuffer: 64 * 1024 * 1024 },
  );
  const report = JSON.parse(stdout);
  const value = (id) => report.audits[id].numericValue;
  return {
    score: Math.round(report.categories.performance.score * 100),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    speedIndex: value('speed-index'),
    benchmarkIndex: report.environment.benchmarkIndex,
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

const server = process.env.LOGIN_ROUTE_URL
  ? { base: process.env.LOGIN_ROUTE_URL.replace(/\/$/, ''), stop: () => undefined }
  : await startBuiltServer();
try {
  const url = `${server.base}/auth/login`;
  const files = await measureScripts(url);
  const gzip = files.reduce((sum, file) => sum + file.gzip, 0);
  const raw = files.reduce((sum, file) => sum + file.raw, 0);
  console.log(
    `/auth/login loads ${files.length} scripts: ${kb(gzip)} gzipped (${kb(raw)} raw); budget ${BUDGET_KB} KB.`,
  );
  if (process.env.BENCH_VERBOSE) {
    for (const file of files.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${kb(file.gzip)}  ${file.name}`);
  }

  if (RUNS > 0) {
    const loadBefore = load();
    const runs = [];
    for (let index = 0; index < RUNS; index += 1) runs.push(await lighthouse(url));
    const ms = (value) => `${Math.round(value)} ms`;
    console.log(
      `\nLighthouse ${LIGHTHOUSE.split('@')[1]} mobile, /auth/login, ${RUNS} runs (median; min–max):`,
    );
    console.log('| measure | median | min | max |\n|---|---|---|---|');
    const row = (label, pick, format) => {
      const values = runs.map(pick);
      console.log(
        `| ${label} | ${format(median(values))} | ${format(Math.min(...values))} | ${format(Math.max(...values))} |`,
      );
    };
    row('performance score (budget ≥ 95)', (r) => r.score, String);
    row('first contentful paint', (r) => r.fcp, ms);
    row('largest contentful paint', (r) => r.lcp, ms);
    row('total blocking time', (r) => r.tbt, ms);
    row(
      'cumulative layout shift',
      (r) => r.cls,
      (value) => value.toFixed(3),
    );
    row('speed index', (r) => r.speedIndex, ms);
    row(
      'Lighthouse benchmark index of the machine',
      (r) => r.benchmarkIndex,
      (value) => value.toFixed(0),
    );
    console.log(`Load average (1, 5, 15 min) before: ${loadBefore}; after: ${load()}.`);
  }
} finally {
  server.stop();
}
