import { describe, expect, it } from 'vitest';
import { createShotFold } from './shot-fold.ts';

describe('createShotFold', () => {
  it('folds again while a fold was full, and answers the batches folded in all', async () => {
    const backlog = { left: 12 };
    const limits: number[] = [];
    const fold = createShotFold({
      firstBatches: 5,
      fold: async (limit) => {
        limits.push(limit);
        const folded = Math.min(limit, backlog.left);
        backlog.left -= folded;
        return folded;
      },
    });
    expect(await fold.foldAll()).toBe(12);
    expect(limits).toEqual([5, 5, 5]);
  });

  it('stops after one fold that finds nothing, and after one exactly full only once the next is empty', async () => {
    const answers = [5, 0];
    const fold = createShotFold({ firstBatches: 5, fold: async () => answers.shift() ?? 0 });
    expect(await fold.foldAll()).toBe(5);
    expect(answers).toEqual([]);
    expect(await createShotFold({ fold: async () => 0 }).foldAll()).toBe(0);
  });
});

describe('createShotFold, the timed fold', () => {
  /** A backlog of `left` batches and every fold called on it: its limit, whether it waits, folds at once. */
  function backlogOf(left: number) {
    const backlog = { left, inFlight: 0 };
    const calls: Array<{ limit: number; wait: boolean; inFlight: number }> = [];
    const fold = async (limit: number, wait: boolean) => {
      backlog.inFlight += 1;
      calls.push({ limit, wait, inFlight: backlog.inFlight });
      await new Promise((resolve) => setTimeout(resolve, 1));
      const folded = Math.min(limit, backlog.left);
      backlog.left -= folded;
      backlog.inFlight -= 1;
      return folded;
    };
    return { backlog, calls, fold };
  }

  it('folds a tick that fits in one fold once, without waiting', async () => {
    const { backlog, calls, fold } = backlogOf(7);
    const shotFold = createShotFold({ firstBatches: 10, sideBatches: 5, sideBySide: 3, fold });
    expect(await shotFold.foldDue()).toBe(7);
    expect(backlog.left).toBe(0);
    expect(calls).toEqual([{ limit: 10, wait: false, inFlight: 1 }]);
  });

  it('past a full first fold, runs its folds side by side, none waiting, until each finds less than a full take', async () => {
    const { backlog, calls, fold } = backlogOf(33);
    const shotFold = createShotFold({ firstBatches: 10, sideBatches: 5, sideBySide: 3, fold });
    expect(await shotFold.foldDue()).toBe(33);
    expect(backlog.left).toBe(0);
    expect(calls[0]).toEqual({ limit: 10, wait: false, inFlight: 1 });
    expect(calls.slice(1).every((call) => call.limit === 5 && !call.wait)).toBe(true);
    expect(Math.max(...calls.map((call) => call.inFlight))).toBe(3);
  });

  it('waits for the batches other folds hold when every batch must be folded before it returns', async () => {
    const { calls, fold } = backlogOf(0);
    expect(await createShotFold({ sideBySide: 3, fold }).foldAll()).toBe(0);
    expect(calls).toEqual([{ limit: 5_000, wait: true, inFlight: 1 }]);
  });
});
