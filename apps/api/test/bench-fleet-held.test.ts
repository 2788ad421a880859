import { describe, expect, it } from 'vitest';

type Limits = { p99Ms: number; coresShare: number };
type Run = {
  p99ByKind: Record<string, number | undefined>;
  errors: number;
  isExact: boolean;
  coresShare: number;
};
type Judgement = { isHeld: boolean; failures: string[] };
type Env = Record<string, string | undefined>;

// The fleet replay's judgement, outside the API's sources: imported by address so the type check leaves it be.
const { fleetLimits, fleetSizes, heldLine, judgeFleetRun, largestHeld } = (await import(
  new URL('../../../scripts/bench-fleet-held.mjs', import.meta.url).href
)) as {
  fleetLimits: (env: Env) => Limits;
  fleetSizes: (env: Env) => number[];
  heldLine: (run: Run, judgement: Judgement, limits: Limits) => string;
  judgeFleetRun: (run: Run, limits: Limits) => Judgement;
  largestHeld: (runs: { devices: number; isHeld: boolean }[]) => number | undefined;
};

const limits = fleetLimits({});
// The five-minute run of 10,000 devices (docs/performance/fleet-replay.md): held.
const held: Run = {
  p99ByKind: { heartbeat: 69.8, shots: 73.5, configuration: 102.4 },
  errors: 0,
  isExact: true,
  coresShare: 0.554,
};

describe('the fleet replay: held', () => {
  it('holds a run within every limit, and says so with its figures', () => {
    const judgement = judgeFleetRun(held, limits);
    expect(judgement).toEqual({ isHeld: true, failures: [] });
    expect(heldLine(held, judgement, limits)).toBe(
      "Held: every kind's p99 ≤ 250.0 ms (heartbeat 69.8 ms, shots 73.5 ms, configuration 102.4 ms)," +
        ' 0 errors, counts exact, server + PostgreSQL 55.4 % ≤ 60 % of the cores.',
    );
  });

  it('judges each kind, not all kinds together: 15,000 devices, p99 of all 210 ms, was not held', () => {
    const run = {
      ...held,
      p99ByKind: { heartbeat: 272.6, shots: 159.0, configuration: 215.4 },
      coresShare: 0.627,
    };
    const judgement = judgeFleetRun(run, limits);
    expect(judgement.isHeld).toBe(false);
    expect(heldLine(run, judgement, limits)).toBe(
      'Not held: heartbeat p99 272.6 ms > 250.0 ms; server + PostgreSQL 62.7 % of the cores > 60 %.',
    );
  });

  it('names errors, counts not exact and a kind never measured', () => {
    const judgement = judgeFleetRun(
      { ...held, p99ByKind: { ...held.p99ByKind, configuration: undefined }, errors: 1, isExact: false },
      limits,
    );
    expect(judgement.failures).toEqual(['no configuration request measured', '1 error', 'counts not exact']);
  });

  it('holds to the limits the variables set', () => {
    const strict = fleetLimits({ BENCH_FLEET_P99_LIMIT_MS: '50', BENCH_FLEET_CORES_LIMIT: '40' });
    expect(strict).toEqual({ p99Ms: 50, coresShare: 0.4 });
    expect(judgeFleetRun(held, strict).failures).toEqual([
      'heartbeat p99 69.8 ms > 50.0 ms',
      'shots p99 73.5 ms > 50.0 ms',
      'configuration p99 102.4 ms > 50.0 ms',
      'server + PostgreSQL 55.4 % of the cores > 40 %',
    ]);
    expect(() => fleetLimits({ BENCH_FLEET_CORES_LIMIT: 'sixty' })).toThrow(/BENCH_FLEET_CORES_LIMIT/);
  });
});

describe('the fleet replay: sizes and the largest held', () => {
  it('runs one N by default, or the sizes listed, smallest first', () => {
    expect(fleetSizes({})).toEqual([300]);
    expect(fleetSizes({ BENCH_FLEET_DEVICES: '12000,8000, 10000' })).toEqual([8000, 10000, 12000]);
    expect(() => fleetSizes({ BENCH_FLEET_DEVICES: '10k' })).toThrow(/BENCH_FLEET_DEVICES/);
  });

  it('searches from one N up by a step to a largest', () => {
    expect(
      fleetSizes({
        BENCH_FLEET_SEARCH: '1',
        BENCH_FLEET_DEVICES: '5000',
        BENCH_FLEET_STEP: '2500',
        BENCH_FLEET_MAX: '12500',
      }),
    ).toEqual([5000, 7500, 10000, 12500]);
    expect(fleetSizes({ BENCH_FLEET_SEARCH: '1' })[0]).toBe(2500);
    expect(() => fleetSizes({ BENCH_FLEET_SEARCH: '1', BENCH_FLEET_DEVICES: '1,2' })).toThrow();
  });

  it('answers the largest N held before the first not held', () => {
    expect(
      largestHeld([
        { devices: 5000, isHeld: true },
        { devices: 10000, isHeld: true },
        { devices: 15000, isHeld: false },
      ]),
    ).toBe(10000);
    expect(largestHeld([{ devices: 5000, isHeld: false }])).toBeUndefined();
    expect(
      largestHeld([
        { devices: 5000, isHeld: true },
        { devices: 7500, isHeld: false },
        { devices: 10000, isHeld: true },
      ]),
    ).toBe(5000);
  });
});
