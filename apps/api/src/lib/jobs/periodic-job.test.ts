import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPeriodicJob } from './periodic-job.ts';

const log = pino({ level: 'silent' });

afterEach(() => {
  vi.useRealTimers();
});

describe('periodic jobs', () => {
  it('runs at start and then every interval, and not after stop', async () => {
    vi.useFakeTimers();
    let runs = 0;
    const job = createPeriodicJob({
      name: 'test',
      intervalMs: 1_000,
      run: async () => {
        runs += 1;
      },
      log,
    });
    job.start();
    await vi.advanceTimersByTimeAsync(2_500);
    expect(runs).toBe(3);
    await job.stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runs).toBe(3);
  });

  it('never overlaps runs, and stop waits for the run in progress', async () => {
    let release = () => {};
    let active = 0;
    let maxActive = 0;
    let finished = 0;
    const job = createPeriodicJob({
      name: 'test',
      intervalMs: 60_000,
      run: async () => {
        active += 1;
        maxActive = Math.max(maxActive, active);
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        active -= 1;
        finished += 1;
      },
      log,
    });
    job.start();
    const again = job.runNow();
    const stopped = job.stop();
    release();
    await Promise.all([again, stopped]);
    expect({ maxActive, finished }).toEqual({ maxActive: 1, finished: 1 });
  });

  it('logs a failed run and keeps going', async () => {
    const errors: unknown[] = [];
    let runs = 0;
    const job = createPeriodicJob({
      name: 'test',
      intervalMs: 60_000,
      run: async () => {
        runs += 1;
        if (runs === 1) throw new Error('storage unreachable');
      },
      log: { ...log, error: (entry: unknown) => errors.push(entry) } as unknown as typeof log,
    });
    await job.runNow();
    await job.runNow();
    expect(runs).toBe(2);
    expect(errors).toEqual([expect.objectContaining({ job: 'test', err: expect.any(Error) })]);
  });

  it('runs once more after the run in progress when nudged during it, and only once', async () => {
    let release = () => {};
    let runs = 0;
    const job = createPeriodicJob({
      name: 'test',
      intervalMs: 60_000,
      run: async () => {
        runs += 1;
        if (runs === 1) await new Promise<void>((resolve) => (release = resolve));
      },
      log,
    });
    void job.runNow();
    job.nudge();
    job.nudge();
    release();
    await job.idle();
    expect(runs).toBe(2);
  });

  it('reports its last run, how it ended and its next run', async () => {
    let clock = Date.parse('2026-11-23T10:00:00.000Z');
    let shouldFail = false;
    const job = createPeriodicJob({
      name: 'sweep',
      intervalMs: 15 * 60_000,
      run: async () => {
        if (shouldFail) throw new Error('storage unreachable');
      },
      log,
      now: () => new Date(clock),
    });
    expect(job.status()).toEqual({
      name: 'sweep',
      intervalSeconds: 900,
      isRunning: false,
      lastRunAt: null,
      lastOutcome: null,
      nextRunAt: null,
    });
    job.start();
    await job.idle();
    clock += 20 * 60_000;
    shouldFail = true;
    await job.runNow();
    expect(job.status()).toMatchObject({
      lastRunAt: '2026-11-23T10:20:00.000Z',
      lastOutcome: 'failed',
      nextRunAt: '2026-11-23T10:30:00.000Z',
    });
    await job.stop();
    expect(job.status().nextRunAt).toBeNull();
  });
});
