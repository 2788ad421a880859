// What the fleet replay (bench-fleet-replay.mjs) asks of a run and which sizes it runs, kept pure so a
// test can check it: issue 41 §3's "held" is every kind's p99 within the limit, no error, the counts
// exact and the server and PostgreSQL within their share of the cores, each condition named when it fails.

/** The limits; BENCH_FLEET_P99_LIMIT_MS and BENCH_FLEET_CORES_LIMIT (a percentage) change them. */
const DEFAULT_P99_LIMIT_MS = 250;
const DEFAULT_CORES_LIMIT_PERCENT = 60;
/** The search's first size, step and last size when the variables do not say. */
const DEFAULT_SEARCH = { start: 2_500, step: 2_500, max: 30_000 };

function positiveNumber(env, name, fallback) {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number, not "${text}"`);
  return value;
}

function deviceCounts(text) {
  return text.split(',').map((part) => {
    const value = Number(part.trim());
    if (!Number.isInteger(value) || value <= 0)
      throw new Error(`BENCH_FLEET_DEVICES must be whole numbers above 0, not "${text}"`);
    return value;
  });
}

/** The limits a run is held to: `p99Ms` for every kind, `coresShare` (0–1) for the server and PostgreSQL. */
export function fleetLimits(env) {
  return {
    p99Ms: positiveNumber(env, 'BENCH_FLEET_P99_LIMIT_MS', DEFAULT_P99_LIMIT_MS),
    coresShare: positiveNumber(env, 'BENCH_FLEET_CORES_LIMIT', DEFAULT_CORES_LIMIT_PERCENT) / 100,
  };
}

/**
 * The fleet sizes to run, smallest first: BENCH_FLEET_DEVICES (one N, 300 by default, or a list such as
 * "8000,10000,12000"); with BENCH_FLEET_SEARCH=1, from BENCH_FLEET_DEVICES (one N) up by BENCH_FLEET_STEP
 * to BENCH_FLEET_MAX. The replay stops at the first size not held.
 */
export function fleetSizes(env) {
  const listed = env.BENCH_FLEET_DEVICES ? deviceCounts(env.BENCH_FLEET_DEVICES) : undefined;
  if (env.BENCH_FLEET_SEARCH !== '1') return [...new Set(listed ?? [300])].sort((a, b) => a - b);
  if (listed && listed.length > 1)
    throw new Error('BENCH_FLEET_SEARCH=1 starts from one BENCH_FLEET_DEVICES, not a list');
  const start = listed?.[0] ?? DEFAULT_SEARCH.start;
  const step = positiveNumber(env, 'BENCH_FLEET_STEP', DEFAULT_SEARCH.step);
  const max = positiveNumber(env, 'BENCH_FLEET_MAX', Math.max(start, DEFAULT_SEARCH.max));
  const sizes = [];
  for (let devices = start; devices <= max; devices += step) sizes.push(Math.round(devices));
  return sizes;
}

const milliseconds = (value) => `${value.toFixed(1)} ms`;

/**
 * Whether a run held: `p99ByKind` (a kind with no request measured fails: it was not shown to hold),
 * `errors` (how many), `isExact` (the counts), `coresShare` (server and PostgreSQL together, 0–1).
 * Answers `isHeld` and `failures`, one sentence a condition that failed.
 */
export function judgeFleetRun({ p99ByKind, errors, isExact, coresShare }, limits) {
  const failures = [];
  for (const [kind, p99] of Object.entries(p99ByKind)) {
    if (p99 === undefined) failures.push(`no ${kind} request measured`);
    else if (p99 > limits.p99Ms)
      failures.push(`${kind} p99 ${milliseconds(p99)} > ${milliseconds(limits.p99Ms)}`);
  }
  if (errors > 0) failures.push(`${errors} error${errors === 1 ? '' : 's'}`);
  if (!isExact) failures.push('counts not exact');
  if (coresShare > limits.coresShare)
    failures.push(
      `server + PostgreSQL ${(coresShare * 100).toFixed(1)} % of the cores > ${(limits.coresShare * 100).toFixed(0)} %`,
    );
  return { isHeld: failures.length === 0, failures };
}

/** The run's verdict as the replay prints it: "Held (…)" with the figures, or "Not held: …" with each failure. */
export function heldLine({ p99ByKind, coresShare }, judgement, limits) {
  if (!judgement.isHeld) return `Not held: ${judgement.failures.join('; ')}.`;
  const p99s = Object.entries(p99ByKind)
    .map(([kind, p99]) => `${kind} ${milliseconds(p99)}`)
    .join(', ');
  return (
    `Held: every kind's p99 ≤ ${milliseconds(limits.p99Ms)} (${p99s}), 0 errors, counts exact,` +
    ` server + PostgreSQL ${(coresShare * 100).toFixed(1)} % ≤ ${(limits.coresShare * 100).toFixed(0)} % of the cores.`
  );
}

/**
 * The largest size held among `runs` ({ devices, isHeld }, in the order run), counting only the sizes
 * before the first one not held; undefined when none held.
 */
export function largestHeld(runs) {
  let largest;
  for (const run of runs) {
    if (!run.isHeld) break;
    largest = Math.max(largest ?? 0, run.devices);
  }
  return largest;
}
