import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { databaseRole, databaseRoleRefusal } from './db/runtime-role.ts';
import { seedAtStartUp } from './db/seed.ts';
import { failureReason } from './lib/db-errors.ts';
import { createLogger } from './logger.ts';

async function main() {
  const config = loadConfig();
  const log = createLogger(config.LOG_LEVEL);
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    ownerUrl: config.DATABASE_OWNER_URL,
    dataDir: config.DATA_DIR,
    poolSize: config.DATABASE_POOL_SIZE,
  });
  await database.migrate({ auditRetentionDays: config.AUDIT_RETENTION_DAYS });
  const refusal = databaseRoleRefusal({
    driver: database.driver,
    nodeEnv: config.NODE_ENV,
    isOwnerAllowed: config.DATABASE_ALLOW_OWNER,
    role: await databaseRole(database),
  });
  if (refusal) {
    await database.close();
    throw new ConfigError(refusal);
  }
  await seedAtStartUp(database, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD }, log);

  // Both src/server.ts and dist/server.js sit two levels below apps/, next to apps/web.
  const webRoot = config.WEB_DIST_DIR ?? fileURLToPath(new URL('../../web/dist', import.meta.url));
  const app = await buildApp({ config, database, webRoot, logger: log });
  await app.listen({ port: config.PORT, host: config.HOST });
  log.info({ driver: database.driver, port: config.PORT }, 'Scentia is ready');

  // A stop (SIGTERM from an orchestrator, Ctrl+C): the listening socket closes at once; requests in
  // flight finish and are answered with `Connection: close` (a request arriving on a kept-alive
  // connection meanwhile gets 503, which a proxy retries elsewhere); a kept-alive connection is closed
  // only once idle for a moment, never under a request its client is sending (lib/connection-drain.ts);
  // then the jobs stop, waiting for a run in progress, and the Redis connection and the database pools
  // close. Whatever is still running after SHUTDOWN_TIMEOUT_MS is abandoned: the process exits with 1.
  let isClosing = false;
  const shutdown = async (signal: string) => {
    if (isClosing) return;
    isClosing = true;
    const startedAt = performance.now();
    log.info({ signal, timeoutMs: config.SHUTDOWN_TIMEOUT_MS }, 'Shutting down');
    const timer = setTimeout(() => {
      log.error({ timeoutMs: config.SHUTDOWN_TIMEOUT_MS }, 'Shutdown took too long; exiting');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    // Connections that become idle later are closed as they age: close() would wait for their clients.
    const idleCloser = setInterval(() => app.drain.closeIdle(), 50);
    idleCloser.unref();
    try {
      await app.drain.start();
      await app.close();
      clearInterval(idleCloser);
      await database.close();
      log.info({ ms: Math.round(performance.now() - startedAt) }, 'Shut down');
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'Shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  // A configuration problem is the operator's to fix: one line, no stack trace.
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Scentia could not start: ${failureReason(error)}\n`);
  }
  process.exit(1);
});
