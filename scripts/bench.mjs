// `npm run bench`: measures what docs/performance/ reports, on this machine, against the built app.
//  1. start-up: time from `npm start` to the first answered request, on a fresh and on an existing DATA_DIR;
//  2. the login route: the JavaScript the browser loads (gzipped) and its Lighthouse mobile score;
//  3. from pressing "Entrar" to the dashboard's charts drawn, and the dashboard route's JavaScript;
//  then the users list, the organisations and locations lists, the audit trail, the quiz editor, the
//  quiz sessions, bulk actions, the devices' import, device ingestion, the dashboard and a member's scope
//  (bench-*.mjs).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PORT = 3290;

if (!existsSync('apps/api/dist/server.js') || !existsSync('apps/web/dist/index.html')) {
  console.error('Build first: npm run build');
  process.exit(1);
}

async function timeStart(dataDir) {
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: 'bench@scentia.test',
      ADMIN_PASSWORD: 'bench123',
    },
    stdio: 'ignore',
    detached: true,
  });
  try {
    for (;;) {
      try {
        const response = await fetch(`http://127.0.0.1:${PORT}/api/health`);
        if (response.ok) return performance.now() - started;
      } catch {}
      if (performance.now() - started > 60_000) throw new Error('The server did not answer within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    process.kill(-child.pid, 'SIGTERM');
    await new Promise((resolve) => child.on('exit', resolve));
  }
}

const summary = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)], max: sorted.at(-1) };
};

const fresh = [];
const warm = [];
const warmDir = mkdtempSync(join(tmpdir(), 'scentia-bench-'));
for (let run = 0; run < RUNS; run += 1) {
  const freshDir = mkdtempSync(join(tmpdir(), 'scentia-bench-'));
  fresh.push(await timeStart(freshDir));
  rmSync(freshDir, { recursive: true, force: true });
  warm.push(await timeStart(warmDir));
}

rmSync(warmDir, { recursive: true, force: true });

const ms = (value) => `${Math.round(value)} ms`;
console.log(`| measure | median | max |\n|---|---|---|`);
console.log(
  `| npm start → first answer, fresh DATA_DIR (${RUNS} runs) | ${ms(summary(fresh).median)} | ${ms(summary(fresh).max)} |`,
);
console.log(
  `| npm start → first answer, existing DATA_DIR (${RUNS} runs) | ${ms(summary(warm).median)} | ${ms(summary(warm).max)} |`,
);

// The login route's JavaScript and its Lighthouse mobile score.
console.log('\nThe login route (Lighthouse runs take a minute)...');
await import('./bench-login-route.mjs');

// From pressing "Entrar" to the dashboard's donuts, in Chromium, on PostgreSQL with the demo data.
console.log("\nSign-in → the dashboard's charts (loading the demo data takes a minute or two)...");
await import('./bench-sign-in-dashboard.mjs');

// Users list and export at 1,000,000 rows on PostgreSQL.
console.log('\nUsers list and export (seeding 1,000,000 users the first time takes a minute or two)...');
await import('./bench-users.mjs');

// Organisations and locations lists at 100,000 rows each on PostgreSQL.
console.log(
  '\nOrganisations and locations lists (seeding 100,000 of each the first time takes a few seconds)...',
);
await import('./bench-client-lists.mjs');

// What the audit trail adds to a write, and pruning a million audit events under load, on PostgreSQL.
console.log(
  '\nAudit trail: a write with and without it, and pruning (seeding 1,000,000 events takes a minute)...',
);
await import('./bench-audit.mjs');

// A bulk action over 10,000 locations in chunks of 500, as the web sends it, on PostgreSQL.
console.log('\nBulk actions: deactivating and reactivating 10,000 locations in chunks of 500...');
await import('./bench-bulk-actions.mjs');

// The devices' import of 100,000 rows from an xlsx through the HTTP route: check, apply, apply again.
console.log('\nDevice import: 100,000 rows from an xlsx, checked, applied and applied again...');
await import('./bench-device-import.mjs');

// Reading and validating a quiz of 200 questions and 1,000 answers, on PostgreSQL.
console.log('\nQuiz editor: a quiz of 200 questions and 1,000 answers, read and validated...');
await import('./bench-quiz-editor.mjs');

// The app's quiz events over HTTP beside their INSERT floor, and the analytics panel at 10,000 and
// 1,000,000 sessions, on PostgreSQL.
console.log('\nQuiz sessions: event ingestion, and analytics (seeding 1,000,000 sessions takes a minute)...');
await import('./bench-quiz-sessions.mjs');

// Shots from 200 devices over HTTP beside their INSERT floor, and the aggregates checked against the
// raw rows, on PostgreSQL.
console.log('\nDevice ingestion: 200 devices sending batches of 100 shots (60 s over HTTP, 60 s floor)...');
await import('./bench-device-ingestion.mjs');

// The fold of acknowledged batches, one fold against two side by side, counts checked after each turn
// (docs/performance/shot-folds-side-by-side.md).
console.log(
  '\nShot folds: 20,000 acknowledged batches folded by one fold, then by two side by side (3 turns)...',
);
await import('./bench-shot-fold.mjs');

// Heartbeats and 10-entry shot batches as a fleet sends them, with the CPU each costs (docs/scaling.md).
console.log("\nDevice requests at a fleet's shape: heartbeats and batches of 10 shots (15 s each)...");
await import('./bench-device-requests.mjs');

// What each kind of device request costs, the whole PostgreSQL cluster counted (docs/performance/
// device-request-cost.md); then, with BENCH_FLEET=1, a fleet replayed in real time for 5 minutes a size
// (BENCH_FLEET_SECONDS shortens it), judged held or not; several sizes with BENCH_FLEET_DEVICES=<N,N,…>
// or BENCH_FLEET_SEARCH=1, until the first not held (bench-fleet-replay.mjs).
console.log('\nDevice request cost by kind, server and every PostgreSQL process (3 runs of 5 s a kind)...');
await import('./bench-device-request-cost.mjs');
if (process.env.BENCH_FLEET === '1') {
  console.log(
    '\nA fleet replayed in real time, 5 minutes a size (BENCH_FLEET_DEVICES, BENCH_FLEET_SEARCH, BENCH_FLEET_SECONDS)...',
  );
  await import('./bench-fleet-replay.mjs');
}
// With BENCH_SCALE=1: the same costs on tables of 100,000 devices, the timed jobs at that size, the
// fleet replayed on one and three instances, and autovacuum (docs/scaling.md; seeding takes minutes).
if (process.env.BENCH_SCALE === '1') {
  console.log(
    '\nThe fleet at 100,000-device table sizes (BENCH_SCALE_DEVICES; seeding takes several minutes)...',
  );
  await import('./bench-fleet-at-scale.mjs');
}

// Successful sign-ins per second and the password hash's cost (docs/scaling.md).
console.log('\nSign-ins: POST /api/login at 1 to 64 connections, beside the hash alone (10 s each)...');
await import('./bench-sign-ins.mjs');

// The dashboard's calls at 1 thousand, 1 million and 10 million raw shots and counts of 100 million,
// beside the same question asked of the raw shots, on PostgreSQL.
console.log(
  '\nDashboard: shots per campaign, per fragrance and the sites table as the shots grow (about 10 minutes)...',
);
await import('./bench-dashboard.mjs');

// What a member's scope costs through the API: the fleet lists and the dashboard's calls as the staff
// and as a Manager, side by side (docs/performance/member-cost.md). Seeding its data set the first time
// takes a few minutes; BENCH_MEMBER_ROUNDS (default 20) sets the length of the measurement.
console.log("\nA member's scope: the fleet lists and the dashboard, staff and Manager in turns...");
await import('./bench-member-scope.mjs');
