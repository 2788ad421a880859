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
