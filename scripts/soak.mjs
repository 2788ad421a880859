// A soak of the built server on PostgreSQL: reads and writes at a steady rate for a long time, then
// what was left behind. Not part of `npm test` or `npm run bench` (30 minutes by default):
//
//   npm run build && node scripts/soak.mjs [--minutes 30] [--rate 40 | --rate max] [--concurrency 32]
//
// In a fresh database `scentia_soak` (a fleet, a published quiz and app players seeded by SQL), the
// server started with its defaults (rate limits included) and a folder of its own for files. Every
// operation is one request, drawn at random with these weights:
//   reads 40 (users, categories and fragrances lists, a dashboard chart), shot batches 25 (10 entries
//   from a device, its own sequence; one in 50 sent again, which must count nothing), category saves 15
//   (a create with its translations, or a rename), quiz events 10 (a whole session a batch), uploads 5
//   (a fragrance created with an image, or its image replaced), heartbeats 5.
// `--rate N` starts N operations a second (open loop: what is late is counted, never dropped);
// `--rate max` runs `--concurrency` operations back to back instead and reports the rate reached: the
// capacity of this mix, of which a soak takes 80 %.
// Reported: every answer that was not the expected one (by operation and status), the server's
// resident memory sampled every 5 s (a line a minute; flat when the last quarter's median is at most
// 10 % above the second quarter's, the first being warm-up), and
// at the end what no request should leave: stored files with no row or rows with no file, files still
// pending or released, temporary uploads, categories or fragrances without their translations, shots
// acknowledged but not stored (or stored twice), and quiz events or sessions lost. Exit code 1 when
// any of those is not zero.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freshDatabase, startServer, summarize } from './bench-support.mjs';
import { postgresForTests } from './postgres-for-tests.mjs';
import { enrol, PROVISIONING_KEY, seedSoak } from './soak-fleet.mjs';
import { leftovers } from './soak-leftovers.mjs';
import { soakImages, soakOperations } from './soak-operations.mjs';

function option(name, fallback) {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 && process.argv[index + 1] !== undefined ? process.argv[index + 1] : fallback;
}
const MINUTES = Number(option('minutes', '30'));
const RATE_OPTION = option('rate', '40');
const IS_MAX = RATE_OPTION === 'max';
const RATE = IS_MAX ? 0 : Number(RATE_OPTION);
const CONCURRENCY = Number(option('concurrency', '32'));
if (!(MINUTES > 0) || (!IS_MAX && !(RATE > 0)) || !(CONCURRENCY > 0)) {
  console.error('Usage: node scripts/soak.mjs [--minutes 30] [--rate 40 | --rate max] [--concurrency 32]');
  process.exit(2);
}

const PORT = 3299;
const DATABASE = 'scentia_soak';
const RSS_EVERY_MS = 5_000;
/** Operations in flight at most in the open loop; past it new ones wait and count as late. */
const MAX_IN_FLIGHT = 256;

function rssMegabytes(pid) {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((each) => each.startsWith('VmRSS:'));
    return Number(line.split(/\s+/)[1]) / 1024;
  } catch {
    return Number.NaN;
  }
}

/** Least-squares slope of `points` ({ x: minutes, y: MB }), MB a minute. */
function slope(points) {
  const n = points.length;
  const meanX = points.reduce((sum, point) => sum + point.x, 0) / n;
  const meanY = points.reduce((sum, point) => sum + point.y, 0) / n;
  const covariance = points.reduce((sum, point) => sum + (point.x - meanX) * (point.y - meanY), 0);
  const variance = points.reduce((sum, point) => sum + (point.x - meanX) ** 2, 0);
  return variance === 0 ? 0 : covariance / variance;
}

async function soak(postgres) {
  const databaseUrl = await freshDatabase(postgres.url, DATABASE);
  const dataDir = mkdtempSync(join(tmpdir(), 'scentia-soak-'));
  const filesFolder = join(dataDir, 'files');
  const server = await startServer({
    port: PORT,
    databaseUrl,
    // The quiz app's per-player limit (120 events a minute) is raised: a few simulated players stand
    // for many phones here, and what is measured is the server under load, not that limit.
    env: { DATA_DIR: dataDir, DEVICE_PROVISIONING_KEY: PROVISIONING_KEY, QUIZ_EVENTS_PER_MINUTE: '100000' },
  });
  const { base } = server;
  const client = new pg.Client({ connectionString: databaseUrl });
  let failed = false;
  try {
    await client.connect();
    const snapshot = await seedSoak(client);
    const images = await soakImages();
    const { staff, players, devices, refresh } = await enrol(base);
    const { operations, draw, tally, errors, fail } = soakOperations({
      base,
      snapshot,
      images,
      staff,
      players,
      devices,
      refresh,
    });

    // The run: a line a minute with what was done, the errors, the memory and the latencies.
    const durationMs = MINUTES * 60_000;
    const started = performance.now();
    const counts = new Map(operations.map((each) => [each.name, 0]));
    let done = 0;
    let late = 0;
    let skipped = 0;
    let inFlight = 0;
    let minuteLatencies = [];
    const allLatencies = [];
    const rss = [{ x: 0, y: rssMegabytes(server.pid) }];
    const execute = async () => {
      const operation = draw();
      const begun = performance.now();
      inFlight += 1;
      try {
        const outcome = await operation.run();
        if (outcome === 'skipped') skipped += 1;
      } catch (error) {
        fail(operation.name, `thrown ${String(error?.message ?? error).slice(0, 120)}`);
      } finally {
        inFlight -= 1;
        const latency = performance.now() - begun;
        minuteLatencies.push(latency);
        allLatencies.push(latency);
        counts.set(operation.name, counts.get(operation.name) + 1);
        done += 1;
      }
    };
    const sampler = setInterval(() => {
      rss.push({ x: (performance.now() - started) / 60_000, y: rssMegabytes(server.pid) });
    }, RSS_EVERY_MS);
    let lastDone = 0;
    const errorCount = () => [...errors.values()].reduce((sum, each) => sum + each, 0);
    console.log(
      `Soak: ${MINUTES} min at ${IS_MAX ? `the most ${CONCURRENCY} operations at once give` : `${RATE} operations/s`}` +
        ` (${cpus().length} cores, load ${loadavg()[0].toFixed(2)} at the start)\n`,
    );
    console.log(
      '| minute | operations/s | errors (total) | late | p50 | p95 | server RSS |\n|---|---|---|---|---|---|---|',
    );
    const reporter = setInterval(() => {
      const minute = Math.round((performance.now() - started) / 60_000);
      const figures = summarize(minuteLatencies.length ? minuteLatencies : [0]);
      console.log(
        `| ${minute} | ${((done - lastDone) / 60).toFixed(1)} | ${errorCount()} | ${late} | ${figures.p50.toFixed(1)} ms | ${figures.p95.toFixed(1)} ms | ${rssMegabytes(server.pid).toFixed(0)} MB |`,
      );
      lastDone = done;
      minuteLatencies = [];
    }, 60_000);

    if (IS_MAX) {
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (performance.now() - started < durationMs) await execute();
        }),
      );
    } else {
      const running = new Set();
      let launched = 0;
      while (performance.now() - started < durationMs) {
        const due = Math.floor(((performance.now() - started) / 1000) * RATE);
        while (launched < due) {
          if (inFlight >= MAX_IN_FLIGHT) {
            late += due - launched;
            launched = due;
            break;
          }
          launched += 1;
          const promise = execute().finally(() => running.delete(promise));
          running.add(promise);
        }
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      await Promise.all(running);
    }
    clearInterval(sampler);
    clearInterval(reporter);
    const seconds = (performance.now() - started) / 1000;
    rss.push({ x: seconds / 60, y: rssMegabytes(server.pid) });

    // What should be left: every file with its row and every row with its file, nothing half-written.
    // The server's own jobs have had no reason to run: anything pending or released is a leftover.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const orphans = await leftovers({ client, filesFolder, tally });

    const latency = summarize(allLatencies);
    console.log(
      `\n${done.toLocaleString('en-US')} operations in ${(seconds / 60).toFixed(1)} min: ${(done / seconds).toFixed(1)}/s` +
        ` (p50 ${latency.p50.toFixed(1)} ms, p95 ${latency.p95.toFixed(1)} ms, p99 ${latency.p99.toFixed(1)} ms);` +
        ` late ${late}, skipped (every device or player busy) ${skipped}; load ${loadavg()[0].toFixed(2)} at the end.`,
    );
    console.log(`By operation: ${[...counts].map(([name, count]) => `${name} ${count}`).join(', ')}.`);
    console.log(
      `Written: ${tally.shotsAcknowledged} shots, ${tally.eventsRecorded} quiz events in ${tally.sessions} sessions,` +
        ` ${tally.categoriesCreated.length} categories, ${tally.fragrancesCreated.length} fragrances with images.`,
    );
    console.log(`\nErrors: ${errorCount()}`);
    for (const [key, count] of errors) console.log(`  ${count} × ${key}`);

    // The first quarter warms up (JIT, pools, caches). Memory saws with the garbage collector, so the
    // verdict compares medians: the last quarter's against the second's, at most 10 % apart.
    const minutes = seconds / 60;
    const medianOf = (from, to) => {
      const values = rss.filter((point) => point.x >= from && point.x < to).map((point) => point.y);
      return values.length ? summarize(values).p50 : Number.NaN;
    };
    const secondQuarter = medianOf(minutes / 4, minutes / 2);
    const lastQuarter = medianOf((3 * minutes) / 4, minutes + 1);
    const perTenMinutes = slope(rss.filter((point) => point.x >= minutes / 2)) * 10;
    const peak = Math.max(...rss.map((point) => point.y));
    const isFlat = lastQuarter <= 1.1 * secondQuarter;
    console.log(
      `\nServer RSS (${rss.length} samples): ${rss[0].y.toFixed(0)} MB after seeding; median ${secondQuarter.toFixed(0)} MB in the` +
        ` second quarter, ${lastQuarter.toFixed(0)} MB in the last; peak ${peak.toFixed(0)} MB; trend over the second half` +
        ` ${perTenMinutes >= 0 ? '+' : ''}${perTenMinutes.toFixed(1)} MB per 10 min: ${isFlat ? 'flat' : 'GROWING'}` +
        " (flat: the last quarter's median at most 10 % above the second's).",
    );
    console.log('\nLeft behind:');
    for (const [what, count] of orphans) console.log(`  ${what}: ${count}`);
    failed = errorCount() > 0 || orphans.some(([, count]) => count !== 0) || !isFlat;
  } finally {
    await client.end().catch(() => {});
    server.stop();
    postgres.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (failed) process.exitCode = 1;
}

const postgres = await postgresForTests();
if (postgres.url) await soak(postgres);
else console.log(`Soak skipped: ${postgres.reason}`);
