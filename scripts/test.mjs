// `npm test`: everything a change can break, in order — build, shared unit tests, the API suite on
// PGlite and on PostgreSQL, web unit tests, then end-to-end journeys in Chromium against the built app.
// Ends with one line counting every test: "tests: N passed, N failed, N skipped".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postgresForTests } from './postgres-for-tests.mjs';

const reports = mkdtempSync(join(tmpdir(), 'scentia-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
// Failed test names with their first error line, repeated at the end so a log's tail says what broke.
const failedTests = [];

function run(label, command, args, options = {}) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    ...options,
    env: { ...process.env, ...options.env },
  });
  if (result.status !== 0) failures.push(label);
  return result.status === 0;
}

function vitest(label, workspace, env = {}) {
  const output = join(reports, `${label.replace(/\W+/g, '-')}.json`);
  run(
    label,
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${output}`],
    {
      cwd: workspace,
      env,
    },
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

function firstLine(text = '') {
  return text.split('\n').find((line) => line.trim() !== '') ?? '';
}

function findChromium() {
  return [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
    (path) => path && existsSync(path),
  );
}

if (!run('build', 'npm', ['run', 'build'])) {
  console.error('\nThe build failed; no test was run.');
  console.log('tests: 0 passed, 1 failed');
  process.exit(1);
}

vitest('shared unit tests', 'packages/shared');
vitest('API suite on PGlite', 'apps/api');

const postgres = await postgresForTests();
if (postgres.url) {
  try {
    vitest('API suite on PostgreSQL', 'apps/api', { TEST_DATABASE_URL: postgres.url });
  } finally {
    postgres.stop();
  }
} else {
  console.log(`\n▶ API suite on PostgreSQL: SKIPPED — ${postgres.reason}`);
}

vitest('web unit tests', 'apps/web');

const chromium = findChromium();
if (!chromium) {
  console.error('\n▶ end-to-end: Chromium is missing — install it with: sudo apt-get install -y chromium');
  failures.push('end-to-end (no Chromium)');
  totals.failed += 1;
} else {
  const output = join(reports, 'e2e.json');
  run('end-to-end journeys in Chromium', 'npx', ['playwright', 'test', '--reporter=list,json'], {
    cwd: 'apps/web',
    env: {
      PLAYWRIGHT_JSON_OUTPUT_NAME: output,
      CHROMIUM_PATH: chromium,
      PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
    },
  });
  if (existsSync(output)) {
    const { stats } = JSON.parse(readFileSync(output, 'utf8'));
    totals.passed += stats.expected + stats.flaky;
    totals.failed += stats.unexpected;
    totals.skipped += stats.skipped;
  }
}

rmSync(reports, { recursive: true, force: true });
for (const test of failedTests) console.error(`✗ ${test}`);
if (failures.length > 0) console.error(`\nFailed: ${failures.join(', ')}`);
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length > 0 || totals.failed > 0 ? 1 : 0);
