import { createHash, timingSafeEqual } from 'node:crypto';
import { ErrorCode } from '@scentia/shared/error-codes';
import { sql } from 'drizzle-orm';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type preSerializationHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.ts';
import { AppError } from '../lib/app-error.ts';
import type { JobRunner } from '../lib/jobs/job-runner.ts';
import { withRouteHook } from '../lib/route-hooks.ts';

export type MetricsOptions = {
  /** A bearer token the scraper presents; when set it is asked for wherever /metrics is served. */
  token?: string;
  /** Serve /metrics alone on this port (same host as the API) instead of on the API's port. */
  port?: number;
  host: string;
  database: { db: Database; plannedOnceDb: Database; driver: 'pglite' | 'postgres' };
  jobs: JobRunner;
};

/** Routes whose answers say what they ingested (shots, quiz events), counted as they leave. */
const SHOTS_ROUTE = '/api/device/shots';
const QUIZ_EVENTS_ROUTE = '/api/app/quiz-sessions/events';
const INGESTION_ROUTES: ReadonlySet<string> = new Set([SHOTS_ROUTE, QUIZ_EVENTS_ROUTE]);
/** What a request that matched no route reports as its route: never the raw URL (unbounded labels). */
const UNMATCHED_ROUTE = 'unmatched';

type PoolCounts = { totalCount: number; idleCount: number; waitingCount: number };
const isPool = (client: unknown): client is PoolCounts =>
  typeof (client as PoolCounts | undefined)?.totalCount === 'number';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Constant-time: the comparison takes as long whatever the first wrong character. */
function hasToken(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? '';
  const presented = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
  return timingSafeEqual(digest(presented), digest(token));
}

function createMetrics({ database, jobs }: MetricsOptions) {
  const registry = new Registry();
  registry.setDefaultLabels({ service: 'scentia-api' });
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'scentia_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'scentia_http_request_duration_seconds',
    help: 'Time from receiving a request to its answer, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: 'scentia_job_runs_total',
    help: 'Runs of the timed jobs, by job and outcome',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
  });
  const jobDurations = new Histogram({
    name: 'scentia_job_run_duration_seconds',
    help: 'How long each run of a timed job took',
    labelNames: ['job'] as const,
    buckets: [0.01, 0.1, 0.5, 1, 5, 15, 60, 300],
    registers: [registry],
  });
  const shots = new Counter({
    name: 'scentia_shots_ingested_total',
    help: 'Shots counted from device batches (a batch sent again counts none)',
    registers: [registry],
  });
  const quizEvents = new Counter({
    name: 'scentia_quiz_events_ingested_total',
    help: 'Quiz session events recorded (an event sent again counts none)',
    registers: [registry],
  });

  jobs.observe((job, outcome, seconds) => {
    jobRuns.inc({ job, outcome });
    jobDurations.observe({ job }, seconds);
  });

  const pools = [
    { name: 'main', client: (database.db as unknown as { $client?: unknown }).$client },
    { name: 'planned-once', client: (database.plannedOnceDb as unknown as { $client?: unknown }).$client },
  ];
  // PGlite is one in-process connection, not a pool: nothing to report there.
  if (database.driver === 'postgres') {
    new Gauge({
      name: 'scentia_db_pool_connections',
      help: 'PostgreSQL pool connections by pool and state (total, idle, waiting: requests queued for one)',
      labelNames: ['pool', 'state'] as const,
      registers: [registry],
      collect() {
        for (const { name, client } of pools) {
          if (!isPool(client)) continue;
          this.set({ pool: name, state: 'total' }, client.totalCount);
          this.set({ pool: name, state: 'idle' }, client.idleCount);
          this.set({ pool: name, state: 'waiting' }, client.waitingCount);
        }
      },
    });
  }

  // Read from the database on each scrape (two small counts on partial or leading-column indexes), so
  // every instance reports the same fleet-wide figure.
  const outboxDepth = new Gauge({
    name: 'scentia_mail_outbox_pending',
    help: 'Mails waiting in the outbox to be delivered (fleet-wide)',
    registers: [registry],
  });
  const alertsOpen = new Gauge({
    name: 'scentia_alerts_open',
    help: 'Alerts open, by kind and severity (fleet-wide)',
    labelNames: ['kind', 'severity'] as const,
    registers: [registry],
  });
  // The shot fold's backlog (migration 0050): batches acknowledged and not yet credited to the counts,
  // and how long the oldest has waited. One count on the partial index of the unfolded batches.
  const foldBacklog = new Gauge({
    name: 'scentia_shot_batches_unfolded',
    help: 'Shot batches acknowledged and not yet folded into the shots, levels and counts (fleet-wide)',
    registers: [registry],
  });
  const foldOldest = new Gauge({
    name: 'scentia_shot_fold_oldest_seconds',
    help: 'Age of the oldest shot batch not yet folded, in seconds (0 when none waits)',
    registers: [registry],
  });
  const readDatabaseFigures = async () => {
    const rowsOf = async <T>(query: Promise<unknown>) => ((await query) as { rows: T[] }).rows;
    const [pending] = await rowsOf<{ count: string }>(
      database.db.execute(sql`select count(*)::text as count from mail_outbox where status = 'pending'`),
    );
    outboxDepth.set(Number(pending?.count ?? 0));
    const open = await rowsOf<{ kind: string; severity: string; count: string }>(
      database.db.execute(
        sql`select kind, severity, count(*)::text as count from alerts where cleared_at is null group by kind, severity`,
      ),
    );
    alertsOpen.reset();
    for (const row of open) alertsOpen.set({ kind: row.kind, severity: row.severity }, Number(row.count));
    const [backlog] = await rowsOf<{ count: string; oldest: string | null }>(
      database.db.execute(
        sql`select count(*)::text as count, extract(epoch from now() - min(received_at))::text as oldest
            from shot_batches where ats is not null`,
      ),
    );
    foldBacklog.set(Number(backlog?.count ?? 0));
    foldOldest.set(Math.max(Number(backlog?.oldest ?? 0), 0));
  };

  return {
    registry,
    observeRequest(request: FastifyRequest, reply: FastifyReply) {
      const labels = {
        method: request.method,
        route: request.routeOptions.url ?? UNMATCHED_ROUTE,
        status: String(reply.statusCode),
      };
      requests.inc(labels);
      durations.observe(labels, reply.elapsedTime / 1000);
    },
    observeIngestion(route: string, payload: unknown) {
      if (route === SHOTS_ROUTE) shots.inc((payload as { shots?: number }).shots ?? 0);
      else if (route === QUIZ_EVENTS_ROUTE) quizEvents.inc((payload as { recorded?: number }).recorded ?? 0);
    },
    async render() {
      await readDatabaseFigures();
      return registry.metrics();
    },
  };
}

function metricsHandler(metrics: ReturnType<typeof createMetrics>, token: string | undefined) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (token !== undefined && !hasToken(request, token)) {
      return reply.status(401).header('www-authenticate', 'Bearer').send();
    }
    return reply.header('content-type', metrics.registry.contentType).send(await metrics.render());
  };
}

/**
 * Prometheus metrics (prom-client): requests by route pattern and status, the PostgreSQL pools, the
 * timed jobs' runs, the outbox, ingestion, the shot fold's backlog and the open alerts. Served at /metrics on METRICS_PORT when
 * set, else on the API's port when METRICS_TOKEN is set (bearer); with neither, not at all — the
 * figures say how busy the fleet is, which is nobody's business without being asked for.
 */
export const metricsPlugin = fp<MetricsOptions>(
  async (app, options) => {
    const metrics = createMetrics(options);
    app.addHook('onResponse', function observeRequest(request, reply, done) {
      metrics.observeRequest(request, reply);
      done();
    });
    // Only the two ingestion routes say what they ingested: only they look at their answers.
    app.addHook('onRoute', (route) => {
      if (!INGESTION_ROUTES.has(route.url)) return;
      const observeIngestion: preSerializationHookHandler<unknown> = (_request, reply, payload, done) => {
        if (reply.statusCode === 200) metrics.observeIngestion(route.url, payload);
        done(null, payload);
      };
      route.preSerialization = withRouteHook(route.preSerialization, observeIngestion);
    });

    if (options.port !== undefined) {
      let server: FastifyInstance | undefined;
      app.addHook('onReady', async () => {
        server = Fastify({ logger: false });
        server.get('/metrics', metricsHandler(metrics, options.token));
        await server.listen({ port: options.port, host: options.host });
      });
      app.addHook('onClose', async () => server?.close());
    }
    // Served on the API's port only with a token; otherwise the path is still this plugin's, answered
    // 404 like any unknown API path, instead of falling to the web client's pages.
    const isServedHere = options.port === undefined && options.token !== undefined;
    app.get(
      '/metrics',
      { config: { access: 'public' }, schema: { hide: true } },
      isServedHere
        ? metricsHandler(metrics, options.token)
        : async () => {
            throw new AppError(ErrorCode.ROUTE_NOT_FOUND);
          },
    );
  },
  { name: 'metrics' },
);
