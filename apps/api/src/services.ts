import { createHmac } from 'node:crypto';
import { join } from 'node:path';
import { QUIZ_SESSION_TIMEOUT_MINUTES } from '@scentia/shared/quiz-sessions.schemas';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { preparedQueryOf } from './db/prepared-query.ts';
import { createAccessTokens } from './lib/access-tokens.ts';
import { createAfterAnswer } from './lib/after-answer.ts';
import { auditedDatabase } from './lib/audit/audit-context.ts';
import { pruneAuditTrail } from './lib/audit/audit-retention.ts';
import { createDeviceSecretBox } from './lib/device-secrets.ts';
import { createJobRunner } from './lib/jobs/job-runner.ts';
import { addMaintenanceJob } from './lib/jobs/period-claims.ts';
import { createFailureLimiter } from './lib/limits/failure-limiter.ts';
import { createLimitStore } from './lib/limits/limit-store.ts';
import { createRateLimiter } from './lib/limits/rate-limiter.ts';
import { MailOutbox } from './lib/mail/mail-outbox.ts';
import { openRedis } from './lib/redis.ts';
import { pruneFinishedImports } from './lib/resource-kit/import/import-job-store.ts';
import { createImportJobs } from './lib/resource-kit/import/import-jobs.ts';
import { resolveSigningKey } from './lib/signing-key.ts';
import { createLocalStorage, type LocalStorage } from './lib/storage/local-storage.ts';
import { createS3Storage } from './lib/storage/s3-storage.ts';
import { createStoredFiles } from './lib/storage/stored-files.ts';
import { runAlertsJob } from './modules/alerts/alerts-job.ts';
import { createNotificationsService } from './modules/alerts/notifications.service.ts';
import { AuditRepository } from './modules/audit/audit.repository.ts';
import { createAuditService } from './modules/audit/audit.service.ts';
import { AuditNamesRepository } from './modules/audit/audit-names.repository.ts';
import { pruneAccessLog } from './modules/auth/access-log-retention.ts';
import { AccountRepository } from './modules/auth/account.repository.ts';
import { createAccountService } from './modules/auth/account.service.ts';
import { AuthRepository } from './modules/auth/auth.repository.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createBrandKitService } from './modules/brand-kit/brand-kit.service.ts';
import { createEmbeddedKitLoader } from './modules/brand-kit/embedded-kit.ts';
import { createStrapiKitLoader } from './modules/brand-kit/strapi-kit.ts';
import { CampaignsRepository } from './modules/campaigns/campaigns.repository.ts';
import { createCampaignsService } from './modules/campaigns/campaigns.service.ts';
import { createCapsulesService } from './modules/capsules/capsules.service.ts';
import { CategoriesRepository } from './modules/categories/categories.repository.ts';
import { createCategoriesService } from './modules/categories/categories.service.ts';
import { DashboardRepository } from './modules/dashboard/dashboard.repository.ts';
import { createDashboardService } from './modules/dashboard/dashboard.service.ts';
import { runShotRollupsJob, SHOT_ROLLUPS_INTERVAL_MS } from './modules/dashboard/shot-rollups-job.ts';
import { DeviceApiRepository } from './modules/device-api/device-api.repository.ts';
import { createDeviceApiService } from './modules/device-api/device-api.service.ts';
import { createDeviceViews } from './modules/device-api/device-views.ts';
import { resolveProvisioningKey } from './modules/device-api/provisioning-key.ts';
import { createShotFold } from './modules/device-api/shot-fold.ts';
import { maintainShotPartitions } from './modules/device-api/shot-partitions.ts';
import { DevicePairingsRepository } from './modules/device-pairings/device-pairings.repository.ts';
import { createDevicePairingsService } from './modules/device-pairings/device-pairings.service.ts';
import { DevicesRepository, devicesListOf } from './modules/devices/devices.repository.ts';
import { createDevicesService } from './modules/devices/devices.service.ts';
import { FragrancesRepository } from './modules/fragrances/fragrances.repository.ts';
import { createFragrancesService } from './modules/fragrances/fragrances.service.ts';
import { createEmbeddedGeoProvider, createHttpGeoProvider } from './modules/geo/geo-provider.ts';
import { createViaCepProvider } from './modules/geo/postcode-provider.ts';
import { InitiativesRepository } from './modules/initiatives/initiatives.repository.ts';
import { createInitiativesService } from './modules/initiatives/initiatives.service.ts';
import { LocationSchedulesRepository } from './modules/locations/location-schedules.repository.ts';
import { createLocationSchedulesService } from './modules/locations/location-schedules.service.ts';
import { LocationsRepository } from './modules/locations/locations.repository.ts';
import { createLocationsService } from './modules/locations/locations.service.ts';
import { OrganizationMembersRepository } from './modules/organization-members/organization-members.repository.ts';
import { createOrganizationMembersService } from './modules/organization-members/organization-members.service.ts';
import { OrganizationsRepository } from './modules/organizations/organizations.repository.ts';
import { createOrganizationsService } from './modules/organizations/organizations.service.ts';
import { PrivacyRepository } from './modules/privacy/privacy.repository.ts';
import { createPrivacyService } from './modules/privacy/privacy.service.ts';
import { applyPersonalDataRetention } from './modules/privacy/privacy-retention.ts';
import { ProfilesRepository } from './modules/profiles/profiles.repository.ts';
import { QuizRepository } from './modules/quiz/quiz.repository.ts';
import { createQuizService } from './modules/quiz/quiz.service.ts';
import { QuizAnalyticsRepository } from './modules/quiz-sessions/quiz-analytics.repository.ts';
import { createQuizAnalyticsService } from './modules/quiz-sessions/quiz-analytics.service.ts';
import { abandonStaleSessions } from './modules/quiz-sessions/quiz-session-abandonment.ts';
import { QuizSessionsRepository } from './modules/quiz-sessions/quiz-sessions.repository.ts';
import { createQuizSessionsService } from './modules/quiz-sessions/quiz-sessions.service.ts';
import { UsersRepository } from './modules/users/users.repository.ts';
import { createUsersService } from './modules/users/users.service.ts';

const HOUR_MS = 3_600_000;
const FILE_SWEEP_INTERVAL_MS = 15 * 60_000;
const ACCESS_LOG_PRUNE_INTERVAL_MS = 24 * HOUR_MS;
const IMPORT_PRUNE_INTERVAL_MS = 24 * HOUR_MS;
/** A finished import job's report stays this long (docs/decisions/bulk-actions.md). */
const IMPORT_JOB_RETENTION_DAYS = 30;
const PRIVACY_RETENTION_INTERVAL_MS = 24 * HOUR_MS;
const QUIZ_ABANDONMENT_INTERVAL_MS = 5 * 60_000;
const SHOT_PARTITIONS_INTERVAL_MS = 24 * HOUR_MS;
/** The daily digest job looks hourly for the people whose day's digest is not queued yet. */
const ALERTS_DIGEST_INTERVAL_MS = HOUR_MS;
/** Wrong pairing codes per device and per app user before both wait (6 digits: a million guesses). */
export const PAIRING_FAILURES = { limit: 5, windowMinutes: 10 };

/** Uploaded files: an S3-compatible bucket when configured, a local folder otherwise. */
export function createStorage(config: Config, signingKey: Uint8Array) {
  if (config.S3_BUCKET) {
    return createS3Storage({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      urlTtlSeconds: config.FILE_URL_TTL_SECONDS,
    });
  }
  return createLocalStorage({
    folder: config.STORAGE_DIR ?? join(config.DATA_DIR, 'files'),
    secret: signingKey,
    urlTtlSeconds: config.FILE_URL_TTL_SECONDS,
  });
}

/** The composition root: every service and repository, built once from the configuration. */
export async function createServices(config: Config, database: DatabaseHandle, log: FastifyBaseLogger) {
  const failureWindowMs = config.LOGIN_FAILURE_WINDOW_MINUTES * 60_000;
  const signingKey = await resolveSigningKey(database.db, config.JWT_SECRET);
  // What services write through: each transaction names its caller to the audit triggers.
  const db = auditedDatabase(database.db);
  // Every timed job of the process (mail delivery, the file sweep…), started and stopped together;
  // a maintenance job runs once per period across the instances sharing the database.
  const jobs = createJobRunner(log);
  const afterAnswer = createAfterAnswer(log);
  // Every limiter counts in one store: Redis when configured (shared by the instances), else memory.
  const redis = config.REDIS_URL ? await openRedis({ url: config.REDIS_URL, log }) : undefined;
  const limitStore = createLimitStore({
    redis,
    keyPrefix: config.REDIS_KEY_PREFIX,
    // A key of its own, derived from the signing key every instance shares.
    keySecret: createHmac('sha256', signingKey).update('limit keys').digest(),
  });

  const mailOutbox = new MailOutbox({
    db: database.db,
    transport: config.SMTP_URL
      ? nodemailer.createTransport(config.SMTP_URL, {
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 20_000,
        })
      : undefined,
    logsLinks: config.NODE_ENV === 'development',
    from: config.MAIL_FROM,
    maxAttempts: config.MAIL_MAX_ATTEMPTS,
    retryBaseMs: config.MAIL_RETRY_BASE_SECONDS * 1000,
    pollMs: config.MAIL_POLL_SECONDS * 1000,
    jobs,
    log,
  });

  const auth = createAuthService({
    repository: new AuthRepository(db),
    accessTokens: await createAccessTokens(signingKey, config.ACCESS_TOKEN_TTL_SECONDS),
    refreshTtlMs: config.REFRESH_TOKEN_TTL_DAYS * 86_400_000,
    failuresByAccount: createFailureLimiter(limitStore, 'sign-in:account', {
      limit: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      windowMs: failureWindowMs,
    }),
    failuresByIp: createFailureLimiter(limitStore, 'sign-in:ip', {
      limit: config.LOGIN_MAX_FAILURES_PER_IP,
      windowMs: failureWindowMs,
    }),
  });

  const account = createAccountService({
    repository: new AccountRepository(db),
    outbox: mailOutbox,
    appUrl: config.APP_URL,
    linkTtlSeconds: {
      activation: Math.round(config.ACTIVATION_LINK_TTL_HOURS * 3_600),
      registration: Math.round(config.REGISTRATION_LINK_TTL_HOURS * 3_600),
      recovery: Math.round(config.RECOVERY_LINK_TTL_MINUTES * 60),
    },
    afterAnswer,
    recoveryMailsPerAddress: createFailureLimiter(limitStore, 'recovery-mail:address', {
      limit: config.RECOVERY_MAILS_PER_ADDRESS_PER_HOUR,
      windowMs: HOUR_MS,
    }),
    wrongCurrentPasswords: createFailureLimiter(limitStore, 'password-change:account', {
      limit: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      windowMs: failureWindowMs,
    }),
  });

  const users = createUsersService({
    repository: new UsersRepository(db, database.plannedOnceDb),
    queueRegistrationMail: account.queueRegistrationMail,
    nudgeMail: () => mailOutbox.nudge(),
  });

  const geo = config.GEO_SERVICE_URL
    ? createHttpGeoProvider({ baseUrl: config.GEO_SERVICE_URL, timeoutMs: config.GEO_SERVICE_TIMEOUT_MS })
    : createEmbeddedGeoProvider();
  // The visual identity: from the content service when configured (cached), else the embedded kit.
  const brandKit = createBrandKitService({
    load: config.CONTENT_SERVICE_URL
      ? createStrapiKitLoader({
          baseUrl: config.CONTENT_SERVICE_URL,
          token: config.CONTENT_SERVICE_TOKEN,
          timeoutMs: config.CONTENT_SERVICE_TIMEOUT_MS,
        })
      : createEmbeddedKitLoader(),
    cacheMs: config.CONTENT_SERVICE_URL ? config.CONTENT_CACHE_SECONDS * 1000 : Number.POSITIVE_INFINITY,
    log,
  });
  const postcodes = createViaCepProvider({
    baseUrl: config.VIACEP_URL,
    timeoutMs: config.VIACEP_TIMEOUT_MS,
    log,
  });

  // The devices' reset-code secrets, sealed with a key outside the database: one box for the admin's
  // reset codes and the device API's provisioning.
  const deviceSecrets = await createDeviceSecretBox({
    configuredKey: config.DEVICE_SECRET_KEY,
    dataDir: config.DATA_DIR,
  });

  // The device API: the shots table's months exist before the first batch; a daily job keeps them
  // (creates the next months, drops those past retention with their batch records).
  const shotPartitions = () =>
    maintainShotPartitions({ db: database.db, retentionMonths: config.SHOT_RETENTION_MONTHS });
  await shotPartitions();
  addMaintenanceJob(jobs, database.db, {
    name: 'shot-partitions',
    intervalMs: SHOT_PARTITIONS_INTERVAL_MS,
    run: async () => {
      log.info(await shotPartitions(), 'shot partitions maintained');
    },
  });
  // A tenth of the window that reads it (offline, and the capsule hold, which is the same): 90 s of
  // the default 15 minutes, so a device beating every 30 s writes its last-seen every third time.
  const seenPrecisionSeconds = config.DEVICE_OFFLINE_AFTER_MINUTES * 6;
  const devicePreparedQuery = preparedQueryOf(database);
  // Telemetry through the plain handles; provisioning changes the device's record, so it is audited.
  const deviceApiRepository = new DeviceApiRepository(database.db, db, devicePreparedQuery);
  // Acknowledged batches credited to the shots, levels and counts (modules/device-api/shot-fold.ts):
  // every instance runs the job, its folds beside the other instances'; a stop folds once more (app.ts).
  const shotFold = createShotFold({
    fold: (limit, wait) => deviceApiRepository.foldShots(limit, wait),
    sideBySide: database.driver === 'pglite' ? 1 : config.SHOT_FOLDS_PER_INSTANCE,
  });
  jobs.add({
    name: 'shot-fold',
    intervalMs: config.SHOT_FOLD_INTERVAL_MS,
    run: async () => {
      const folded = await shotFold.foldDue();
      if (folded > 0) log.debug({ folded }, 'shot batches folded');
    },
  });
  // The calling device's view, kept in memory while the database's notifications keep it right.
  const deviceViews = createDeviceViews({
    preparedQuery: devicePreparedQuery,
    listen: database.listen,
    maxEntries: config.DEVICE_VIEW_CACHE_ENTRIES,
    writeSeenTimes: (rows) => deviceApiRepository.writeSeenTimes(rows),
    onSeenWriteError: (error) =>
      log.warn({ err: error }, 'device last-seen times not written, kept for the next round'),
    seenPrecisionSeconds,
    now: () => new Date(),
  });
  const deviceApi = createDeviceApiService({
    repository: deviceApiRepository,
    views: deviceViews,
    secrets: deviceSecrets,
    provisioningKey: await resolveProvisioningKey({
      db: database.db,
      configured: config.DEVICE_PROVISIONING_KEY,
      dataDir: config.DATA_DIR,
    }),
    provisioningFailuresByIp: createFailureLimiter(limitStore, 'device-provisioning:ip', {
      limit: config.LOGIN_MAX_FAILURES_PER_IP,
      windowMs: failureWindowMs,
    }),
    retentionMonths: config.SHOT_RETENTION_MONTHS,
    // A capsule stays with a device that is still online (docs/decisions: capsule moves).
    capsuleHoldMinutes: config.DEVICE_OFFLINE_AFTER_MINUTES,
  });
  const pairingWindowMs = PAIRING_FAILURES.windowMinutes * 60_000;
  const devicePairings = createDevicePairingsService({
    repository: new DevicePairingsRepository(db),
    secrets: deviceSecrets,
    failuresByDevice: createFailureLimiter(limitStore, 'pairing:device', {
      limit: PAIRING_FAILURES.limit,
      windowMs: pairingWindowMs,
    }),
    failuresByUser: createFailureLimiter(limitStore, 'pairing:user', {
      limit: PAIRING_FAILURES.limit,
      windowMs: pairingWindowMs,
    }),
  });
  // Calls per device credential over all device routes, in the limit store like every limiter.
  const deviceRequests = createRateLimiter(limitStore, 'device-requests:credential', {
    limit: config.DEVICE_REQUESTS_PER_MINUTE,
    windowMs: 60_000,
  });

  const storage = createStorage(config, signingKey);
  const localStorage = 'read' in storage ? (storage as LocalStorage) : undefined;
  const storedFiles = createStoredFiles({ db, storage, log });
  // Files whose row never committed or that a row stopped referencing, left by a killed process.
  addMaintenanceJob(jobs, database.db, {
    name: 'file-sweep',
    intervalMs: FILE_SWEEP_INTERVAL_MS,
    run: async () => {
      await storedFiles.sweep();
    },
  });

  // Large spreadsheet imports, queued and run by a worker of any instance (issue 40).
  const importJobs = createImportJobs({
    db: database.db,
    isSingleConnection: database.driver === 'pglite',
    storage,
    storedFiles,
    jobs,
    log,
    minRows: config.IMPORT_JOB_MIN_ROWS,
    pollMs: config.IMPORT_JOB_POLL_SECONDS * 1000,
    leaseSeconds: config.IMPORT_JOB_LEASE_SECONDS,
    isWorker: config.IMPORT_JOB_WORKER,
    accountOf: (id) => new AuthRepository(database.db).findActiveAccount(id),
    postcodes,
  });

  // Finished import jobs past their retention: their reports go, the trail keeps what they wrote.
  addMaintenanceJob(jobs, database.db, {
    name: 'import-prune',
    intervalMs: IMPORT_PRUNE_INTERVAL_MS,
    run: async () => {
      const before = new Date(Date.now() - IMPORT_JOB_RETENTION_DAYS * 24 * HOUR_MS);
      const removed = await pruneFinishedImports(database.db, before);
      log.info({ removed }, 'import jobs pruned');
    },
  });

  // Access-log records past their retention (Marco Civil art. 15 sets the floor, config the period).
  addMaintenanceJob(jobs, database.db, {
    name: 'access-log-prune',
    intervalMs: ACCESS_LOG_PRUNE_INTERVAL_MS,
    run: async () => {
      const removed = await pruneAccessLog({
        db: database.db,
        retentionDays: config.ACCESS_LOG_RETENTION_DAYS,
      });
      log.info({ removed }, 'access log pruned');
    },
  });

  // Accounts unused past their retention are anonymised, audit events past theirs removed (LGPD art. 16).
  addMaintenanceJob(jobs, database.db, {
    name: 'privacy-retention',
    intervalMs: PRIVACY_RETENTION_INTERVAL_MS,
    run: async () => {
      const accounts = await applyPersonalDataRetention({
        db,
        retentionDays: config.PERSONAL_DATA_RETENTION_DAYS,
      });
      const auditEventsRemoved = await pruneAuditTrail({
        db: database.db,
        retentionDays: config.AUDIT_RETENTION_DAYS,
      });
      log.info({ ...accounts, auditEventsRemoved }, 'privacy retention applied');
    },
  });

  // Quiz sessions quiet for longer than the timeout count as abandoned, once (quiz-session-abandonment.ts).
  addMaintenanceJob(jobs, database.db, {
    name: 'quiz-session-abandonment',
    intervalMs: QUIZ_ABANDONMENT_INTERVAL_MS,
    run: async () => {
      const abandoned = await abandonStaleSessions({
        db: database.db,
        timeoutMinutes: QUIZ_SESSION_TIMEOUT_MINUTES,
      });
      log.info({ abandoned }, 'quiz sessions abandoned');
    },
  });

  // Capsule forecasts and alerts, recomputed by a timed job (modules/alerts/alerts-job.ts), which runs
  // at start-up too; then the daily digest mails, queued through the outbox.
  addMaintenanceJob(jobs, database.db, {
    name: 'alerts',
    intervalMs: config.ALERTS_INTERVAL_MINUTES * 60_000,
    run: async () => {
      const result = await runAlertsJob({
        db: database.db,
        windowDays: config.FORECAST_WINDOW_DAYS,
        capsuleDays: config.ALERT_CAPSULE_DAYS,
        offlineHours: config.ALERT_DEVICE_OFFLINE_HOURS,
      });
      log.info(result, 'alerts recomputed');
    },
  });
  // The dashboard's shot roll-ups, a closed UTC day at a time (modules/dashboard/shot-rollups-job.ts).
  addMaintenanceJob(jobs, database.db, {
    name: 'shot-rollups',
    intervalMs: SHOT_ROLLUPS_INTERVAL_MS,
    run: async () => {
      const result = await runShotRollupsJob(database.db);
      if (result.steps > 0) log.info(result, 'shot counts rolled up');
    },
  });
  const notifications = createNotificationsService({
    db: database.db,
    outbox: mailOutbox,
    appUrl: config.APP_URL,
  });
  addMaintenanceJob(jobs, database.db, {
    name: 'alerts-digest',
    intervalMs: ALERTS_DIGEST_INTERVAL_MS,
    run: async () => {
      const queued = await notifications.queueDigests();
      if (queued > 0) mailOutbox.nudge();
      log.info({ queued }, 'alert digests queued');
    },
  });

  const locations = createLocationsService(new LocationsRepository(db));
  const organizations = createOrganizationsService(new OrganizationsRepository(db));
  const devices = createDevicesService({
    repository: new DevicesRepository(db, devicesListOf(config.DEVICE_OFFLINE_AFTER_MINUTES)),
    secrets: deviceSecrets,
    offlineAfterMinutes: config.DEVICE_OFFLINE_AFTER_MINUTES,
  });

  return {
    localStorage,
    jobs,
    importJobs,
    limitStore,
    /** The limiters' Redis connection, when configured (closed with the app; readiness may ping it). */
    redis,
    deviceSecrets,
    deviceApi,
    deviceViews,
    shotFold,
    devicePairings,
    deviceRequests,
    fragrances: createFragrancesService({ repository: new FragrancesRepository(db), storage, log }),
    campaigns: createCampaignsService({ repository: new CampaignsRepository(db), storage, log }),
    categories: createCategoriesService(new CategoriesRepository(db)),
    organizationMembers: createOrganizationMembersService({
      repository: new OrganizationMembersRepository(db),
      queueInvitationMail: account.queueInvitationMail,
      nudgeMail: () => mailOutbox.nudge(),
    }),
    organizations,
    locations,
    initiatives: createInitiativesService({
      repository: new InitiativesRepository(db),
      outbox: mailOutbox,
      appUrl: config.APP_URL,
    }),
    devices,
    // Read-only telemetry: nothing here writes, so the plain handle.
    capsules: createCapsulesService(database.db),
    // Read marks and one's own settings: bookkeeping, not audited (the plain handle).
    notifications,
    // Reads of the pre-aggregated counts and the fleet: nothing written, so the plain handle.
    dashboard: createDashboardService({
      repository: new DashboardRepository(database.db),
      offlineAfterMinutes: config.DEVICE_OFFLINE_AFTER_MINUTES,
      capsuleAlertDays: config.ALERT_CAPSULE_DAYS,
    }),
    locationSchedules: createLocationSchedulesService({
      repository: new LocationSchedulesRepository(db),
      readLocation: (id, scope) => locations.get(id, scope),
    }),
    quiz: createQuizService({ repository: new QuizRepository(db), storage }),
    mailOutbox,
    afterAnswer,
    geo,
    postcodes,
    brandKit,
    users,
    auth,
    account,
    profilesRepository: new ProfilesRepository(db),
    // The app's events write no audited table: the plain handle spares each batch the audit setting.
    quizSessions: createQuizSessionsService({ repository: new QuizSessionsRepository(database.db), storage }),
    quizAnalytics: createQuizAnalyticsService(new QuizAnalyticsRepository(database.db)),
    privacy: createPrivacyService({ repository: new PrivacyRepository(db), readUser: users.get }),
    // The trail is written by the database's triggers; the audited handle names who exported it.
    // A member reads the history of a record their scope reaches (each service's get: a 404 otherwise).
    audit: createAuditService(new AuditRepository(db), new AuditNamesRepository(database.db), {
      organization: organizations.get,
      location: locations.get,
      device: devices.get,
    }),
  };
}
