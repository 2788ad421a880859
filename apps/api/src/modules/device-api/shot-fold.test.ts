import { describe, expect, it } from 'vitest';
import { createShotFold } from './shot-fold.ts';

describe('createShotFold', () => {
  it('folds again while a fold was full, and answers the batches folded in all', async () => {
    const backlog = { left: 12 };
    const limits: number[] = [];
    const fold = createShotFold({
      maxBatches: 5,
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
    const fold = createShotFold({ maxBatches: 5, fold: async () => answers.shift() ?? 0 });
    expect(await fold.foldAll()).toBe(5);
    expect(answers).toEqual([]);
    expect(await createShotFold({ fold: async () => 0 }).foldAll()).toBe(0);
  });
});

describe('createShotFold, the timed fold', () => {
  it('runs its folds side by side, none waiting, each until it finds less than a full fold', async () => {
    const backlog = { left: 23 };
    const calls: Array<{ wait: boolean; inFlight: number }> = [];
    let inFlight = 0;
    const fold = createShotFold({
      maxBatches: 5,
      sideBySide: 3,
      fold: async (limit, wait) => {
        inFlight += 1;
        calls.push({ wait, inFlight });
        await new Promise((resolve) => setTimeout(resolve, 1));
        const folded = Math.min(limit, backlog.left);
        backlog.left -= folded;
        inFlight -= 1;
        return folded;
      },
    });
    expect(await fold.foldDue()).toBe(23);
    expect(backlog.left).toBe(0);
    expect(calls.every((call) => !call.wait)).toBe(true);
    expect(Math.max(...calls.map((call) => call.inFlight))).toBe(3);
  });

  it('waits for the batches other folds hold when every batch must be folded before it returns', async () => {
    const calls: boolean[] = [];
    const fold = createShotFold({
      sideBySide: 3,
      fold: async (_limit, wait) => {
        calls.push(wait);
        return 0;
      },
    });
    expect(await fold.foldAll()).toBe(0);
    expect(calls).toEqual([true]);
  });
});
