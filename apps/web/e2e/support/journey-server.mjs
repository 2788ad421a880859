// The built server the journeys run against, and its demo data: shared by playwright.config.ts, which
// starts the server, and scripts/test.mjs, which loads the demo data while the other suites run.
const JOURNEY_PORT = 3199;
export const JOURNEY_BASE_URL = `http://127.0.0.1:${JOURNEY_PORT}`;
// The SMTP catcher the API delivers to, and the HTTP port the specs read the mails from.
export const MAIL_SMTP_PORT = 2599;
export const MAIL_HTTP_PORT = 2598;

/** The environment of the demo data loader and of the server, both on the journeys' `dataDir`. */
export function journeyServerEnv(dataDir) {
  return {
    PORT: String(JOURNEY_PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_EMAIL: 'admin@scentia.test',
    ADMIN_PASSWORD: 'Admin#2026',
    // The sessions the sign-in project saved are shared by every journey: their access tokens must
    // outlive the run, or the first journey to refresh one would turn the others' copies into replays.
    ACCESS_TOKEN_TTL_SECONDS: '3600',
    DEMO_PASSWORD: 'demo1234',
    LOG_LEVEL: 'warn',
    // Mail links point at this server; mails go to the catcher below and leave within a second.
    APP_URL: JOURNEY_BASE_URL,
    SMTP_URL: `smtp://127.0.0.1:${MAIL_SMTP_PORT}`,
    MAIL_FROM: 'Scentia <no-reply@scentia.test>',
    MAIL_POLL_SECONDS: '0.5',
  };
}
