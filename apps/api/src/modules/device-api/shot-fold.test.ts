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
  it('asks not to wait, and stops at once when another fold holds the lock', async () => {
    const calls: boolean[] = [];
    const answers = [5, -1];
    const fold = createShotFold({
      maxBatches: 5,
      fold: async (_limit, wait) => {
        calls.push(wait);
        return answers.shift() ?? 0;
      },
    });
    expect(await fold.foldDue()).toBe(5);
    expect(calls).toEqual([false, false]);
  });

  it('waits for the lock when every batch must be folded before it returns', async () => {
    const calls: boolean[] = [];
    const fold = createShotFold({
      fold: async (_limit, wait) => {
        calls.push(wait);
        return 0;
      },
    });
    expect(await fold.foldAll()).toBe(0);
    expect(calls).toEqual([true]);
  });
});
