import { UPLOAD_MAX_MB } from '@scentia/shared/constants';
import { z } from 'zod';
import { parseTrustedProxies } from './lib/client-address.ts';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const optionalText = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

/**
 * Every setting comes from the environment (README: Configuration). Parsing happens once at start-up;
 * a wrong value stops the start with a one-line reason instead of failing later at run time.
 */
const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\//, { error: 'must start with postgres:// or postgresql://' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  // The owner of the tables, which runs the migrations; unset: DATABASE_URL (docs/deployment.md).
  DATABASE_OWNER_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\//, { error: 'must start with postgres:// or postgresql://' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  // In production the server refuses to run as a superuser or as the owner unless this says so.
  DATABASE_ALLOW_OWNER: booleanFromEnv.default(false),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  // The limiters' shared store when several instances serve one site; unset: each process counts alone.
  REDIS_URL: optionalText.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, { error: 'must start with redis:// or rediss://' })
      .optional(),
  ),
  REDIS_KEY_PREFIX: z.string().min(1).max(100).default('scentia:'),
  // How long a SIGTERM waits for requests in flight and running jobs before the process exits anyway.
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  WEB_DIST_DIR: optionalText,
  APP_URL: z.url().default('http://localhost:3000'),
  // The proxies believed about the client's address: none, a hop count or a list (lib/client-address.ts).
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, context) => {
      const parsed = parseTrustedProxies(value);
      if ('proxies' in parsed) return parsed.proxies;
      context.addIssue({ code: 'custom', message: parsed.error });
      return z.NEVER;
    }),
  // /metrics (Prometheus): behind this bearer token on the main port, or alone on METRICS_PORT.
  METRICS_TOKEN: optionalText.pipe(
    z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
  ),
  METRICS_PORT: optionalText
    .transform((value) => (value === undefined ? undefined : Number(value)))
    .pipe(z.number().int().min(1).max(65_535).optional()),
  BODY_LIMIT_KB: z.coerce.number().int().min(1).max(10_240).default(100),
  // The longest a request may take to arrive whole (headers and body), then 408 and the connection
  // closed: a body that stops arriving holds nothing for ever. Two 5 MB images need ~90 KB/s in 2 min.
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(120_000),
  JWT_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(30),
  LOGIN_FAILURE_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  // Batches of quiz events one account may post per minute (a player posts one per answer or so).
  QUIZ_EVENTS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(120),
  // Marco Civil da Internet, art. 15: access logs are kept 6 months (183 days) at least; at most ten
  // years, like the audit trail (a larger period is no date the prune job can count back to).
  ACCESS_LOG_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(183, { error: 'must be at least 183 (6 months, Marco Civil art. 15)' })
    .max(3_653, { error: 'must be at most 3653 (10 years)' })
    .default(365),
  // The privacy page promises personal data is kept at most 5 years: an account without activity for
  // this long is anonymised (its rows stay for the records and statistics that need them).
  PERSONAL_DATA_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(30)
    .max(1_826, { error: 'must be at most 1826 (5 years, the privacy page’s promise)' })
    .default(1_826),
  // Audit records older than this are removed by the retention job.
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(183).max(3_653).default(1_826),
  // The customer code in campaign QR codes (spec §9): letters and digits, 1 to 10.
  CUSTOMER_CODE: z
    .string()
    .regex(/^[A-Za-z0-9]{1,10}$/, { error: 'must be 1 to 10 letters or digits' })
    .default('A01'),
  ADMIN_EMAIL: optionalText.pipe(z.email({ error: 'must be an e-mail address' }).optional()),
  ADMIN_PASSWORD: optionalText.pipe(z.string().min(4).max(16).optional()),
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, { error: 'must start with smtp:// or smtps://' })
      .optional(),
  ),
  MAIL_FROM: z.string().min(3).default('Scentia <no-reply@scentia.local>'),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  MAIL_RETRY_BASE_SECONDS: z.coerce.number().min(0.01).max(3_600).default(30),
  MAIL_POLL_SECONDS: z.coerce.number().min(0.05).max(3_600).default(15),
  // Spreadsheet imports (issue 40): a file of more data rows runs as a job, followed by its progress.
  IMPORT_JOB_MIN_ROWS: z.coerce.number().int().min(1).max(200_000).default(1_000),
  IMPORT_JOB_POLL_SECONDS: z.coerce.number().min(0.05).max(3_600).default(5),
  // A worker renews its lease every chunk of 1,000 rows; one that died lets another retake the job.
  IMPORT_JOB_LEASE_SECONDS: z.coerce.number().int().min(5).max(86_400).default(300),
  // Whether this instance runs import jobs (every instance queues them and answers their progress).
  IMPORT_JOB_WORKER: booleanFromEnv.default(true),
  ACTIVATION_LINK_TTL_HOURS: z.coerce.number().min(0.01).max(720).default(168),
  REGISTRATION_LINK_TTL_HOURS: z.coerce.number().min(0.01).max(720).default(168),
  RECOVERY_LINK_TTL_MINUTES: z.coerce.number().min(1).max(1_440).default(60),
  RECOVERY_MAILS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(3),
  VIACEP_URL: z.url().default('https://viacep.com.br'),
  VIACEP_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(3_000),
  GEO_SERVICE_URL: optionalText.pipe(z.url().optional()),
  GEO_SERVICE_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(3_000),
  // The brand kit's headless content service (Strapi REST); unset: the kit embedded in the API.
  CONTENT_SERVICE_URL: optionalText.pipe(
    z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  ),
  CONTENT_SERVICE_TOKEN: optionalText,
  CONTENT_SERVICE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  CONTENT_CACHE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  UPLOAD_MAX_MB: z.coerce.number().min(0.01).max(100).default(UPLOAD_MAX_MB),
  STORAGE_DIR: optionalText,
  FILE_URL_TTL_SECONDS: z.coerce.number().int().min(60).max(604_800).default(3_600),
  S3_BUCKET: optionalText,
  S3_ENDPOINT: optionalText.pipe(z.url().optional()),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: booleanFromEnv.default(true),
  // The key a device presents with its MAC to provision itself. Unset: one is generated on first start,
  // kept in the database for every instance and written to DATA_DIR/device-provisioning-key for the
  // local tools (npm run simulate).
  DEVICE_PROVISIONING_KEY: optionalText.pipe(
    z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
  ),
  // Encrypts the devices' reset-code secrets at rest. Unset: generated once into DATA_DIR/device-secret-key
  // (never in the database, so a dump alone reveals no secret); several instances must share one.
  DEVICE_SECRET_KEY: optionalText.pipe(
    z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  ),
  // A device not heard from for this long is offline.
  DEVICE_OFFLINE_AFTER_MINUTES: z.coerce.number().int().min(1).max(10_080).default(15),
  // Calls one device may make per minute (heartbeats, batches, config), over all its routes.
  DEVICE_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
  // Device views (credential, state, capsules, configuration) an instance keeps in memory, kept right by
  // the database's notifications; 0 reads the database on every heartbeat and configuration fetch.
  DEVICE_VIEW_CACHE_ENTRIES: z.coerce.number().int().min(0).max(10_000_000).default(100_000),
  // Acknowledged shot batches are credited to the shots, levels and counts by a fold this often:
  // counts and levels read elsewhere trail the acknowledgements by about this much.
  SHOT_FOLD_INTERVAL_MS: z.coerce.number().int().min(50).max(3_600_000).default(1_000),
  // Folds an instance runs side by side on PostgreSQL when a tick's first fold was full, each on
  // batches of its own (migration 0061); every instance's fold runs beside the others'. The embedded
  // database has one connection: one fold there.
  SHOT_FOLDS_PER_INSTANCE: z.coerce.number().int().min(1).max(16).default(2),
  // Raw shots are kept this many months (whole monthly partitions dropped); the counts stay.
  SHOT_RETENTION_MONTHS: z.coerce.number().int().min(1).max(120).default(24),
  // Alerts (the alerts job): a capsule forecast to run out within this many days, a device not heard
  // from for more than this many hours; the job runs every ALERTS_INTERVAL_MINUTES.
  ALERT_CAPSULE_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  ALERT_DEVICE_OFFLINE_HOURS: z.coerce.number().int().min(1).max(720).default(24),
  ALERTS_INTERVAL_MINUTES: z.coerce.number().int().min(1).max(1_440).default(15),
  // A capsule's forecast reads its shots over this many recent days.
  FORECAST_WINDOW_DAYS: z.coerce.number().int().min(1).max(90).default(14),
  DEMO_PASSWORD: z.string().min(4).max(16).default('demo1234'),
  APP_STORE_URL: z.url().default('https://apps.apple.com/br/app/scentia/id0000000000'),
  GOOGLE_PLAY_URL: z.url().default('https://play.google.com/store/apps/details?id=app.scentia'),
});

export type Config = z.infer<typeof configSchema>;

/** Every variable the server reads (the README documents each one). */
export const CONFIG_VARIABLES = Object.keys(configSchema.shape);

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = configSchema.safeParse(env);
  if (result.success) {
    if (result.data.ADMIN_PASSWORD && !result.data.ADMIN_EMAIL) {
      throw new ConfigError('Invalid configuration: ADMIN_PASSWORD is set but ADMIN_EMAIL is not');
    }
    if (result.data.DATABASE_OWNER_URL && !result.data.DATABASE_URL) {
      throw new ConfigError('Invalid configuration: DATABASE_OWNER_URL is set but DATABASE_URL is not');
    }
    if (result.data.METRICS_PORT === result.data.PORT) {
      throw new ConfigError('Invalid configuration: METRICS_PORT must differ from PORT');
    }
    return result.data;
  }
  const reasons = result.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
  throw new ConfigError(`Invalid configuration: ${reasons.join('; ')}`);
}
