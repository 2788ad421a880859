import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import {
  JOURNEY_BASE_URL as BASE_URL,
  journeyServerEnv,
  MAIL_HTTP_PORT,
  MAIL_SMTP_PORT,
} from './e2e/support/journey-server.mjs';

/**
 * End-to-end journeys against the built server (API + built SPA), on a fresh database per run.
 * Nothing is built here: run `npm run build` first.
 */
/** Journeys that hold the server's database for seconds at a time (see the `alone` project). */
const RUN_ALONE = /import-job-progress\.spec\.ts$/;

// Playwright loads this file in its runner and in each worker; the environment variable makes the
// workers reuse the runner's directory instead of creating directories nobody uses.
process.env.SCENTIA_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'scentia-e2e-'));
// `npm test` loads the demo data into that directory while the other suites run (scripts/test.mjs)
// and says so here; otherwise it is loaded before the server starts.
const isDemoDataLoaded = process.env.SCENTIA_E2E_DEMO_DATA === 'loaded';

export default defineConfig({
  testDir: './e2e',
  // Journeys are independent (each creates its own records under unique names), so their tests are
  // spread over the workers one by one. One worker per core: the server and Chromium share them.
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // On CI a journey that fails gets one more try: the suite runs on a shared two-core machine, where
  // a journey can lose a race with the machine rather than with the product. A journey passed only on
  // its retry is reported as flaky (npm test prints them), and each one is looked into.
  retries: process.env.CI ? 1 : 0,
  reporter: 'list',
  timeout: 45_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: BASE_URL,
    viewport: { width: 1280, height: 800 },
    locale: 'pt-BR',
    trace: 'off',
    // The app turns animations off for people who ask for less motion: journeys then never click or
    // audit a dialog or menu halfway through its animation.
    contextOptions: { reducedMotion: 'reduce' },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // Signs each shared demo account in once and saves its browser state (e2e/sign-in.setup.ts).
    { name: 'sign-in', testMatch: /\.setup\.ts$/ },
    { name: 'journeys', dependencies: ['sign-in'], testIgnore: RUN_ALONE },
    // A large import's writes hold PGlite's one connection for seconds, and every journey beside them
    // waits that long for its answers: in the whole suite (`npm test` sets E2E_WHOLE_SUITE) those
    // journeys run once the others are done. Run by itself, such a journey needs only the sign-in.
    {
      name: 'alone',
      dependencies: process.env.E2E_WHOLE_SUITE === '1' ? ['journeys'] : ['sign-in'],
      testMatch: RUN_ALONE,
    },
  ],
  webServer: [
    {
      command: `${isDemoDataLoaded ? '' : 'node ../api/dist/demo-data.js && '}node ../api/dist/server.js`,
      cwd: import.meta.dirname,
      url: `${BASE_URL}/api/health`,
      reuseExistingServer: false,
      // The demo data (quizzes, sessions, the fleet's weeks of shots) loads first: minutes on a loaded machine.
      timeout: 240_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: journeyServerEnv(process.env.SCENTIA_E2E_DATA_DIR),
    },
    {
      command: 'node e2e/support/mail-catcher.mjs',
      cwd: import.meta.dirname,
      url: `http://127.0.0.1:${MAIL_HTTP_PORT}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        MAIL_CATCHER_SMTP_PORT: String(MAIL_SMTP_PORT),
        MAIL_CATCHER_HTTP_PORT: String(MAIL_HTTP_PORT),
      },
    },
  ],
});
