// From pressing "Entrar" to the dashboard's donuts drawn (ENGINEERING.md §6: at most 1.5 s on a quiet
// machine), in Debian's Chromium through Playwright, against the built server on PostgreSQL with the
// demo data (a fresh database `scentia_bench_sign_in`, the demo loaded once; a minute or two).
// `npm run bench` runs it; alone: `npm run build && node scripts/bench-sign-in-dashboard.mjs`.
//  - each run is a fresh browser context (nothing cached, nothing stored) that opens /auth/login,
//    types the e-mail and the password, accepts the terms and presses "Entrar"; the time is the
//    page's own clock from the click to the frame in which both the campaigns' and the fragrances'
//    donuts have their slices;
//  - two ways of arriving at the button, SIGN_IN_RUNS (default 5) runs each, the median reported:
//    "typed" waits until the network is idle after the password is typed (a person typing gives the
//    page that long to fetch the signed-in home's chunks), "at once" clicks as soon as the fields are
//    filled (a password manager's autofill);
//  - the JavaScript each route loads, gzipped at level 9 like bench-login-route.mjs: the login page
//    until idle before anything is typed, then what the signed-in home (shell and dashboard) adds
//    until its charts are drawn.

import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import { freshDatabase, startServer } from './bench-support.mjs';
import { postgresForTests } from './postgres-for-tests.mjs';

const RUNS = Number(process.env.SIGN_IN_RUNS ?? 5);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PORT = 3292;
const ADMIN = { email: 'admin@scentia.test', password: 'Admin#2026' };
const DONUTS = ['Disparos por campanha', 'Disparos por fragrância'];

/** The demo data (campaigns, the fleet's weeks of shots) loaded into `databaseUrl`, as the journeys have it. */
function loadDemoData(databaseUrl) {
  const loader = spawn('node', ['apps/api/dist/demo-data.js'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATABASE_ALLOW_OWNER: 'true',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      DEMO_PASSWORD: 'demo1234',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return new Promise((resolve, reject) =>
    loader.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`demo-data exited ${code}`)))),
  );
}

/** One sign-in: the milliseconds from the click to both donuts drawn, and the scripts of each route. */
async function signInOnce(browser, base, hasTypingTime) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'pt-BR' });
  const page = await context.newPage();
  const scripts = [];
  page.on('response', (response) => {
    if ((response.headers()['content-type'] ?? '').includes('javascript')) scripts.push(response);
  });
  try {
    await page.goto(`${base}/auth/login`);
    await page.waitForLoadState('networkidle');
    // The login route's own scripts; what follows is the signed-in home's (fetched from the first focus).
    const loginScripts = scripts.length;
    await page.getByLabel('E-mail').fill(ADMIN.email);
    await page.getByLabel('Senha', { exact: true }).fill(ADMIN.password);
    await page.getByRole('checkbox', { name: /Li e aceito/ }).check();
    if (hasTypingTime) await page.waitForLoadState('networkidle');
    const pressed = await page.evaluate(() => performance.now());
    await page.getByRole('button', { name: 'Entrar' }).click();
    const drawn = await page.waitForFunction(
      (titles) => {
        const sections = [...document.querySelectorAll('section[aria-labelledby]')];
        const titleOf = (section) =>
          document.getElementById(section.getAttribute('aria-labelledby') ?? '')?.textContent?.trim();
        const isDrawn = titles.every((title) =>
          sections.some(
            (section) => titleOf(section) === title && section.querySelector('path.dashboard-donut-slice'),
          ),
        );
        return isDrawn ? performance.now() : false;
      },
      DONUTS,
      { polling: 'raf', timeout: 30_000 },
    );
    const bytes = async (responses) => {
      let total = 0;
      for (const response of responses) total += gzipSync(await response.body(), { level: 9 }).length;
      return total;
    };
    return {
      ms: (await drawn.jsonValue()) - pressed,
      loginJs: await bytes(scripts.slice(0, loginScripts)),
      dashboardJs: await bytes(scripts.slice(loginScripts)),
    };
  } finally {
    await context.close();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const kb = (value) => `${(value / 1024).toFixed(1)} KB`;

const postgres = await postgresForTests();
if (postgres.url) await measure(postgres.url);
else console.log(`Sign-in benchmark skipped: ${postgres.reason}`);

async function measure(postgresUrl) {
  const databaseUrl = await freshDatabase(postgresUrl, 'scentia_bench_sign_in');
  await loadDemoData(databaseUrl);
  const server = await startServer({
    port: PORT,
    databaseUrl,
    env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
  });
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
    ],
  });
  try {
    const loadBefore = loadavg()[0].toFixed(2);
    // One sign-in first, unmeasured: the server's first answers fill its caches.
    await signInOnce(browser, server.base, true);
    const results = { typed: [], atOnce: [] };
    // The two ways take turns, so that the machine's load weighs on both alike.
    for (let run = 0; run < RUNS; run += 1) {
      results.typed.push(await signInOnce(browser, server.base, true));
      results.atOnce.push(await signInOnce(browser, server.base, false));
    }
    console.log(`\nSign-in → both donuts drawn, ${RUNS} runs each (median; min–max):`);
    console.log('| arriving at "Entrar" | median | min | max |\n|---|---|---|---|');
    for (const [label, runs] of [
      ['typed (network idle after the password; budget 1,500 ms)', results.typed],
      ['at once (autofilled)', results.atOnce],
    ]) {
      const times = runs.map((run) => run.ms);
      const ms = (value) => `${Math.round(value)} ms`;
      console.log(
        `| ${label} | ${ms(median(times))} | ${ms(Math.min(...times))} | ${ms(Math.max(...times))} |`,
      );
    }
    const first = results.typed[0];
    console.log(
      `JavaScript, gzipped: the login route ${kb(first.loginJs)}; the dashboard route (shell and dashboard) ${kb(first.dashboardJs)} more.`,
    );
    console.log(`Load average (1 min) before: ${loadBefore}; after: ${loadavg()[0].toFixed(2)}.`);
  } finally {
    await browser.close();
    server.stop();
  }
}
