// `npm test`: everything a change can break — build, the static checks of `npm run check` (format, lint,
// types, import boundaries, message keys, dead code), shared unit tests, the API suite on PGlite and on
// PostgreSQL, web unit tests, then end-to-end journeys in Chromium against the built app. The checks
// are here because CI runs `npm test` only: a boundary nothing enforces is soon crossed.
// Ends with one line counting every test: "tests: N passed, N failed, N skipped".
//
// The checks and the four Vitest runs do not need the build or each other, so they run side by side, as many at a
// time as the machine has cores (TEST_CONCURRENCY overrides): on two cores Vitest gives each run one
// worker, so one run at a time left a core idle for most of the suite. Their output is kept until a run
// ends, then printed whole, so logs never interleave. The journeys' demo data is loaded last in that
// phase, where a lane is left idle otherwise. The journeys come last and use every core.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { journeyServerEnv } from '../apps/web/e2e/support/journey-server.mjs';
import { chromiumForTests } from './chromium-for-tests.mjs';
import { postgresForTests } from './postgres-for-tests.mjs';

const reports = mkdtempSync(join(tmpdir(), 'scentia-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
// Failed test names with their first error line, repeated at the end so a log's tail says what broke.
const failedTests = [];
// Seconds each phase took, printed at the end so a slow phase shows up without a stopwatch.
const durations = [];
const concurrency = Number(process.env.TEST_CONCURRENCY) || availableParallelism();

function seconds(since) {
  return `${((performance.now() - since) / 1000).toFixed(0)} s`;
}

function run(label, command, args, options = {}) {
  console.log(`\n▶ ${label}`);
  const started = performance.now();
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    ...options,
    env: { ...process.env, ...options.env },
  });
  durations.push(`${label} ${seconds(started)}`);
  if (result.status !== 0) failures.push(label);
  return result.status === 0;
}

/** As run(), without blocking, the output kept in a file and printed once the command ends. */
function runQuietly(label, command, args, options = {}) {
  const log = join(reports, `${label.replace(/\W+/g, '-')}.log`);
  const started = performance.now();
  return new Promise((resolve) => {
    const output = createWriteStream(log);
    output.on('open', () => {
      const child = spawn(command, args, {
        stdio: ['ignore', output, output],
        ...options,
        env: { ...process.env, ...options.env },
      });
      child.on('close', (status) => {
        output.close();
        durations.push(`${label} ${seconds(started)}`);
        console.log(`\n▶ ${label} (${seconds(started)})\n${readFileSync(log, 'utf8')}`);
        if (status !== 0) failures.push(label);
        resolve(status === 0);
      });
    });
  });
}

async function vitest(label, workspace, env = {}) {
  const output = join(reports, `${label.replace(/\W+/g, '-')}.json`);
  await runQuietly(
    label,
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${output}`],
    { cwd: workspace, env },
  );
  if (!existsSync(output)) return;
  const report = JSON.parse(readFileSync(output, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
  for (const file of report.testResults)
    for (const test of file.assertionResults.filter((result) => result.status === 'failed'))
      failedTests.push(`${label}: ${test.fullName} — ${firstLine(test.failureMessages[0])}`);
}

async function apiSuiteOnPostgres(postgres) {
  if (!postgres.url) {
    console.log(`\n▶ API suite on PostgreSQL: SKIPPED — ${postgres.reason}`);
    return;
  }
  try {
    // The fuzz test's inputs are split between the two API suites (apps/api/test/fuzz/every-route.test.ts).
    await vitest('API suite on PostgreSQL', 'apps/api', {
      TEST_DATABASE_URL: postgres.url,
      FUZZ_PART: 'even',
    });
  } finally {
    postgres.stop();
  }
}

/** Runs the tasks, at most `limit` at a time, longest first (the order given). */
async function inParallel(tasks, limit) {
  const queue = [...tasks];
  const lane = async () => {
    for (let task = queue.shift(); task; task = queue.shift()) await task();
  };
  await Promise.all(Array.from({ length: Math.min(limit, queue.length) }, lane));
}

/*
 * The journeys' demo data (people, quizzes and their sessions, the fleet's weeks of shots) took the
 * first minutes of the journeys' phase, with one core idle. It is loaded here instead, as the last task
 * of the side-by-side phase, into the directory the journeys' server then starts on.
 */
const journeyDataDir = join(reports, 'e2e-data');
let isDemoDataLoaded = false;
async function loadJourneyDemoData() {
  mkdirSync(journeyDataDir);
  isDemoDataLoaded = await runQuietly('demo data for the journeys', 'node', ['apps/api/dist/demo-data.js'], {
    env: journeyServerEnv(journeyDataDir),
  });
}

/** Every try of every journey in Playwright's JSON report, with its time: where the phase's time went. */
function journeyTries(suite, file = suite.file) {
  const tries = (suite.specs ?? []).flatMap((spec) =>
    spec.tests.flatMap((test) =>
      test.results.map((result) => ({
        name: `[${test.projectName}] ${file}:${spec.line} › ${spec.title}${result.retry > 0 ? ` (retry #${result.retry})` : ''}`,
        seconds: result.duration / 1000,
        status: result.status,
      })),
    ),
  );
  return [...tries, ...(suite.suites ?? []).flatMap((child) => journeyTries(child, file))];
}

/**
 * The journeys' slowest tries, printed after the phase: the figures to schedule the journeys by (the
 * longest first, so none ends alone on one core) and to see which ones grew, from every CI run's log.
 */
function printSlowestJourneys(report, count = 15) {
  const tries = report.suites.flatMap((suite) => journeyTries(suite));
  const total = tries.reduce((sum, { seconds }) => sum + seconds, 0);
  console.log(
    `\n▶ end-to-end: ${tries.length} tries took ${total.toFixed(0)} s of a worker's time; the ${Math.min(count, tries.length)} slowest:`,
  );
  for (const { name, seconds, status } of tries.sort((a, b) => b.seconds - a.seconds).slice(0, count))
    console.log(`  ${seconds.toFixed(1).padStart(6)} s  ${status.padEnd(11)} ${name}`);
}

function firstLine(text = '') {
  return text.split('\n').find((line) => line.trim() !== '') ?? '';
}

const suiteStarted = performance.now();
// First, so a machine that cannot run the journeys learns it in a second, not after the other suites.
const chromium = chromiumForTests();
if ('reason' in chromium) {
  rmSync(reports, { recursive: true, force: true });
  console.error(`\n${chromium.reason}`);
  console.log('tests: 0 passed, 1 failed');
  process.exit(1);
}
if (!run('build', 'npm', ['run', 'build'])) {
  console.error('\nThe build failed; no test was run.');
  console.log('tests: 0 passed, 1 failed');
  process.exit(1);
}

console.log(`\nChecks, unit and API suites, ${concurrency} at a time; each prints its output when it ends.`);
const unitStarted = performance.now();
// Found first: whether the PostgreSQL suite runs decides what the PGlite suite may leave out.
const postgres = await postgresForTests();
await inParallel(
  [
    () => apiSuiteOnPostgres(postgres),
    // The files that never meet the suite's database do the same on both: the PostgreSQL suite runs
    // them, the PGlite suite (the longer one) does not (apps/api/test/database-free-files.ts); it sends
    // the fuzz test's other half of the inputs. Without the PostgreSQL suite it runs everything.
    () =>
      vitest(
        'API suite on PGlite',
        'apps/api',
        postgres.url ? { API_TESTS_DATABASE_FREE: 'skip', FUZZ_PART: 'odd' } : { FUZZ_PART: 'all' },
      ),
    () => vitest('web unit tests', 'apps/web'),
    () => runQuietly('static checks (npm run check)', 'npm', ['run', 'check']),
    () => vitest('shared unit tests', 'packages/shared'),
    loadJourneyDemoData,
  ],
  concurrency,
);
durations.push(`checks, unit and API suites together ${seconds(unitStarted)}`);

const e2eReport = join(reports, 'e2e.json');
run('end-to-end journeys in Chromium', 'npx', ['playwright', 'test', '--reporter=list,json'], {
  cwd: 'apps/web',
  env: {
    PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
    CHROMIUM_PATH: chromium.path,
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
    // The journeys that hold the database for seconds run after the others (playwright.config.ts).
    E2E_WHOLE_SUITE: '1',
    // Without it (the loader failed, its failure is counted), the journeys load the demo data themselves.
    ...(isDemoDataLoaded ? { SCENTIA_E2E_DATA_DIR: journeyDataDir, SCENTIA_E2E_DEMO_DATA: 'loaded' } : {}),
  },
});
if (existsSync(e2eReport)) {
  const report = JSON.parse(readFileSync(e2eReport, 'utf8'));
  const { stats } = report;
  printSlowestJourneys(report);
  totals.passed += stats.expected + stats.flaky;
  if (stats.flaky > 0)
    console.error(`\n▶ end-to-end: ${stats.flaky} journeys passed only on their retry (flaky, listed above)`);
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
}

rmSync(reports, { recursive: true, force: true });
for (const test of failedTests) console.error(`✗ ${test}`);
if (failures.length > 0) console.error(`\nFailed: ${failures.join(', ')}`);
console.log(`\ntimes: ${durations.join(', ')}, all ${seconds(suiteStarted)}`);
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length > 0 || totals.failed > 0 ? 1 : 0);
