import { randomUUID } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { type DatabaseHandle, migrationsFolder } from './db/client.ts';
import type { AfterAnswer } from './lib/after-answer.ts';
import { tooManyRequests } from './lib/app-error.ts';
import { trustProxyOption } from './lib/client-address.ts';
import { type ConnectionDrain, createConnectionDrain } from './lib/connection-drain.ts';
import { lazyRequestLogger } from './lib/lazy-request-logger.ts';
import { routeLimitStore } from './lib/limits/route-limit-store.ts';
import type { MailOutbox } from './lib/mail/mail-outbox.ts';
import { validatorCompiler } from './lib/null-as-absent.ts';
import { closeRedis, pingRedis } from './lib/redis.ts';
import { importJobsRoutes } from './lib/resource-kit/import/import-job-routes.ts';
import type { ImportJobs } from './lib/resource-kit/import/import-jobs.ts';
import { mayChangeSessions } from './lib/session-changing-request.ts';
import { s3FileOrigins } from './lib/storage/s3-storage.ts';
import { notificationsRoutes } from './modules/alerts/notifications.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { accountRoutes } from './modules/auth/account.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { brandKitRoutes } from './modules/brand-kit/brand-kit.routes.ts';
import { campaignsRoutes } from './modules/campaigns/campaigns.routes.ts';
import { capsulesRoutes } from './modules/capsules/capsules.routes.ts';
import { categoriesRoutes } from './modules/categories/categories.routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { deviceApiRoutes } from './modules/device-api/device-api.routes.ts';
import type { DeviceViews } from './modules/device-api/device-views.ts';
import type { ShotFold } from './modules/device-api/shot-fold.ts';
import { devicePairingsRoutes } from './modules/device-pairings/device-pairings.routes.ts';
import { devicesRoutes } from './modules/devices/devices.routes.ts';
import { filesRoutes } from './modules/files/files.routes.ts';
import { fragrancesRoutes } from './modules/fragrances/fragrances.routes.ts';
import { geoRoutes } from './modules/geo/geo.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { migrationsCheck, type ReadinessCheck } from './modules/health/readiness.ts';
import { initiativesRoutes } from './modules/initiatives/initiatives.routes.ts';
import { locationSchedulesRoutes } from './modules/locations/location-schedules.routes.ts';
import { locationsRoutes } from './modules/locations/locations.routes.ts';
import { organizationMembersRoutes } from './modules/organization-members/organization-members.routes.ts';
import { organizationsRoutes } from './modules/organizations/organizations.routes.ts';
import { privacyRoutes } from './modules/privacy/privacy.routes.ts';
import { profilesRoutes } from './modules/profiles/profiles.routes.ts';
import { quizRoutes } from './modules/quiz/quiz.routes.ts';
import { quizQuestionsRoutes } from './modules/quiz/quiz-questions.routes.ts';
import { quizAnalyticsRoutes } from './modules/quiz-sessions/quiz-analytics.routes.ts';
import { quizAppRoutes } from './modules/quiz-sessions/quiz-sessions.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { auditContextPlugin } from './plugins/audit-context.ts';
import { authPlugin } from './plugins/auth.ts';
import { deviceAuthPlugin } from './plugins/device-auth.ts';
import { answerFrameworkError, errorHandlerPlugin } from './plugins/error-handler.ts';
import { i18nPlugin } from './plugins/i18n.ts';
import { inputGuardPlugin } from './plugins/input-guard.ts';
import { memberTransactionPlugin } from './plugins/member-transaction.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { securityPlugin } from './plugins/security.ts';
import { staticWebPlugin } from './plugins/static-web.ts';
import { unreadBodyPlugin } from './plugins/unread-body.ts';
import { createServices, PAIRING_FAILURES } from './services.ts';

export type AppDeps = {
  config: Config;
  database: DatabaseHandle;
  /** The built web client; when absent or not built, only the API is served. */
  webRoot?: string;
  logger?: FastifyBaseLogger;
};

/** Builds the whole application without listening, so tests drive it through `app.inject`. */
export async function buildApp({ config, database, webRoot, logger }: AppDeps) {
  const app = Fastify({
    loggerInstance: logger,
    // A request's logger is made when it first writes a line at a level it logs, not on every request.
    childLoggerFactory: lazyRequestLogger,
    bodyLimit: config.BODY_LIMIT_KB * 1024,
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    // Given to Node at creation too: its headers' bound (60 s) is derived from it there, and a headers'
    // bound longer than the request's disables both. Node looks for late requests every 30 s by
    // default, which would stretch a short bound by as much.
    http: {
      requestTimeout: config.REQUEST_TIMEOUT_MS,
      connectionsCheckingInterval: Math.min(5_000, config.REQUEST_TIMEOUT_MS / 4),
    },
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    requestIdHeader: false,
    return503OnClosing: true,
    // Idle connections are closed by the drain (lib/connection-drain.ts), not all at once.
    forceCloseConnections: false,
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();

  // The API speaks JSON (and, later, multipart): a text/plain body is refused with 415, not half-parsed.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const drain = createConnectionDrain(app.server);
  app.decorate('drain', drain);
  // Hooks every request runs take a callback: an async hook costs a promise and its reaction each time.
  app.addHook('onSend', function nameRequestAndDrain(request, reply, _payload, done) {
    reply.header('x-request-id', request.id);
    if (drain.isDraining()) reply.header('connection', 'close');
    done();
  });

  await app.register(i18nPlugin);
  await app.register(errorHandlerPlugin);
  await app.register(unreadBodyPlugin);
  await app.register(inputGuardPlugin);
  // Images stored in a bucket are loaded from it (presigned URLs): the page's policy has to allow it.
  await app.register(securityPlugin, {
    imageOrigins: config.S3_BUCKET
      ? s3FileOrigins({
          bucket: config.S3_BUCKET,
          region: config.S3_REGION,
          endpoint: config.S3_ENDPOINT,
          forcePathStyle: config.S3_FORCE_PATH_STYLE,
        })
      : [],
  });
  await app.register(openapiPlugin);
  await app.register(auditContextPlugin);
  // After the audit context: a member's handler runs, audited, inside the member's transaction.
  await app.register(memberTransactionPlugin, { database });

  const services = await createServices(config, database, app.log);
  const { mailOutbox } = services;
  // Any request that may change state (a logout, a user deactivated…) makes later requests check their
  // session in the database again, before its answer leaves (lib/session-check-cache.ts).
  app.addHook('onSend', function forgetSessionsAfterChanges(request, _reply, _payload, done) {
    if (mayChangeSessions(request.method, request.routeOptions.config?.access))
      services.auth.forgetCheckedSessions();
    done();
  });
  app.decorate('mailOutbox', mailOutbox);
  app.decorate('importJobs', services.importJobs);
  app.decorate('afterAnswer', services.afterAnswer);
  app.addHook('onClose', async () => services.afterAnswer.settled());
  app.addHook('onReady', async () => services.jobs.start());
  app.addHook('onClose', async () => {
    await services.jobs.stop();
    // The batches acknowledged until now are counted before the database closes (those a failure here
    // leaves are durable all the same: the next fold of any instance counts them).
    await services.shotFold.foldAll().catch((error: unknown) => {
      app.log.error({ err: error }, 'shot batches not folded at shutdown');
    });
  });
  app.decorate('shotFold', services.shotFold);
  // The device views' listener and their last-seen writes (modules/device-api/device-views.ts).
  app.decorate('deviceViews', services.deviceViews);
  app.addHook('onReady', async () => services.deviceViews.start());
  app.addHook('onClose', async () => services.deviceViews.stop());
  app.addHook('onClose', async () => {
    if (services.redis) await closeRedis(services.redis);
  });
  await app.register(metricsPlugin, {
    token: config.METRICS_TOKEN,
    port: config.METRICS_PORT,
    host: config.HOST,
    database,
    jobs: services.jobs,
  });
  // What /api/health/ready checks besides the database: a shared store (Redis) adds its own here.
  const readinessChecks: ReadinessCheck[] = [migrationsCheck(database.db, migrationsFolder)];
  const { redis } = services;
  if (redis) readinessChecks.push({ name: 'redis', isReady: () => pingRedis(redis) });

  await app.register(
    async (api) => {
      await api.register(fastifyRateLimit, {
        global: false,
        // The routes' limits count in the limit store, shared by the instances like every limiter.
        store: routeLimitStore(services.limitStore),
        errorResponseBuilder: (_request, context) => tooManyRequests(context.ttl / 1000),
      });
      await api.register(fastifyMultipart);
      await api.register(authPlugin, { authenticate: services.auth.authenticate });
      await api.register(deviceAuthPlugin, {
        findDevice: services.deviceApi.findDevice,
        limiter: services.deviceRequests,
      });
      await api.register(healthRoutes, {
        ping: database.ping,
        readinessChecks,
        driver: database.driver,
        jobs: services.jobs.status,
        publicConfig: {
          appStoreUrl: config.APP_STORE_URL,
          googlePlayUrl: config.GOOGLE_PLAY_URL,
          customerCode: config.CUSTOMER_CODE,
          retention: {
            personalDataDays: config.PERSONAL_DATA_RETENTION_DAYS,
            accessLogDays: config.ACCESS_LOG_RETENTION_DAYS,
            auditDays: config.AUDIT_RETENTION_DAYS,
          },
        },
      });
      await api.register(authRoutes, { service: services.auth });
      await api.register(usersRoutes, {
        service: services.users,
        resendConfirmations: services.account.resendConfirmations,
      });
      await api.register(accountRoutes, { service: services.account });
      await api.register(categoriesRoutes, { service: services.categories });
      await api.register(fragrancesRoutes, {
        service: services.fragrances,
        maxUploadBytes: Math.round(config.UPLOAD_MAX_MB * 1_048_576),
      });
      await api.register(campaignsRoutes, {
        service: services.campaigns,
        maxUploadBytes: Math.round(config.UPLOAD_MAX_MB * 1_048_576),
      });
      await api.register(organizationsRoutes, { service: services.organizations });
      await api.register(organizationMembersRoutes, { service: services.organizationMembers });
      await api.register(locationsRoutes, { service: services.locations });
      await api.register(initiativesRoutes, { service: services.initiatives });
      await api.register(devicesRoutes, { service: services.devices });
      await api.register(capsulesRoutes, { service: services.capsules });
      await api.register(notificationsRoutes, { service: services.notifications });
      await api.register(dashboardRoutes, { service: services.dashboard });
      await api.register(locationSchedulesRoutes, { service: services.locationSchedules });
      await api.register(quizRoutes, { service: services.quiz });
      await api.register(quizQuestionsRoutes, { service: services.quiz });
      if (services.localStorage) await api.register(filesRoutes, { storage: services.localStorage });
      await api.register(geoRoutes, { geo: services.geo, postcodes: services.postcodes });
      await api.register(brandKitRoutes, { service: services.brandKit });
      await api.register(profilesRoutes, { repository: services.profilesRepository });
      await api.register(privacyRoutes, { service: services.privacy });
      await api.register(quizAppRoutes, {
        service: services.quizSessions,
        eventsPerMinute: config.QUIZ_EVENTS_PER_MINUTE,
      });
      await api.register(quizAnalyticsRoutes, { service: services.quizAnalytics });
      await api.register(auditRoutes, { service: services.audit });
      await api.register(importJobsRoutes, { jobs: services.importJobs });
      await api.register(deviceApiRoutes, {
        service: services.deviceApi,
        requestsPerMinute: config.DEVICE_REQUESTS_PER_MINUTE,
        capsuleHoldMinutes: config.DEVICE_OFFLINE_AFTER_MINUTES,
        provisioningFailures: {
          limit: config.LOGIN_MAX_FAILURES_PER_IP,
          windowMinutes: config.LOGIN_FAILURE_WINDOW_MINUTES,
        },
      });
      await api.register(devicePairingsRoutes, {
        service: services.devicePairings,
        failures: PAIRING_FAILURES,
      });
      api.get('/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () =>
        app.swagger(),
      );
    },
    { prefix: '/api' },
  );

  await app.register(staticWebPlugin, { root: webRoot ?? '' });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailOutbox: MailOutbox;
    importJobs: ImportJobs;
    afterAnswer: AfterAnswer;
    deviceViews: DeviceViews;
    shotFold: ShotFold;
    drain: ConnectionDrain;
  }
}
