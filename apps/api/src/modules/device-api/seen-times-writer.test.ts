import { describe, expect, it } from 'vitest';
import { createSeenTimesWriter, type SeenTimes } from './seen-times-writer.ts';

function writer(options: { failures?: number } = {}) {
  let clock = 10_000;
  let failures = options.failures ?? 0;
  const written: SeenTimes[][] = [];
  const errors: unknown[] = [];
  const seenTimes = createSeenTimesWriter({
    write: async (rows) => {
      if (failures > 0) {
        failures -= 1;
        throw new Error('the database is away');
      }
      written.push(rows);
    },
    intervalMs: 1_000,
    onError: (error) => errors.push(error),
    now: () => clock,
  });
  return { seenTimes, written, errors, advance: (ms: number) => (clock += ms) };
}

describe('the last-seen times writer', () => {
  it('writes every device queued since the last round in one call, as ages, the latest time of each', async () => {
    const { seenTimes, written, advance } = writer();
    seenTimes.queue(1, 9_000, true);
    seenTimes.queue(2, 9_500, false);
    seenTimes.queue(1, 8_000, false);
    advance(500);
    await seenTimes.flush();
    expect(written).toEqual([
      [
        { deviceId: 1, seenAgoMs: 1_500, heardAgoMs: 1_500 },
        { deviceId: 2, seenAgoMs: 1_000, heardAgoMs: null },
      ],
    ]);
    await seenTimes.flush();
    expect(written).toHaveLength(1);
  });

  it('keeps what it could not write for the next round, behind anything newer', async () => {
    const { seenTimes, written, errors } = writer({ failures: 1 });
    seenTimes.queue(1, 9_000, false);
    seenTimes.queue(2, 9_000, true);
    await seenTimes.flush();
    expect(errors).toHaveLength(1);
    seenTimes.queue(1, 9_900, true);
    await seenTimes.flush();
    expect(written).toEqual([
      [
        { deviceId: 1, seenAgoMs: 100, heardAgoMs: 100 },
        { deviceId: 2, seenAgoMs: 1_000, heardAgoMs: 1_000 },
      ],
    ]);
  });

  it('writes what waits when it stops', async () => {
    const { seenTimes, written } = writer();
    seenTimes.start();
    seenTimes.queue(3, 9_000, true);
    await seenTimes.stop();
    expect(written.flat().map((row) => row.deviceId)).toEqual([3]);
  });
});
