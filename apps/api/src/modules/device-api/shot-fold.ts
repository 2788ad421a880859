/**
 * The fold of acknowledged shot batches (migration 0050): a batch is acknowledged by its one row, and
 * this credits every unfolded batch to the shots, levels and counts, `maxBatches` per transaction,
 * until none is left. Runs as a timed job every SHOT_FOLD_INTERVAL_MS (`foldDue`), once more when the
 * server stops, and whenever a caller needs the counts to include every batch acknowledged before the
 * call (`foldAll`: tests, benches). Several instances may call it at once: the database folds one at a
 * time (migration 0052: the timed fold does not wait for another instance's, which folds the batches).
 */
export type ShotFold = {
  /** Folds until nothing acknowledged before the call is left; answers how many batches it folded. */
  foldAll: () => Promise<number>;
  /**
   * The timed job's fold: as `foldAll`, but when another fold holds the lock it returns at once (that
   * fold credits the batches; the next tick finds what is left). Answers how many batches it folded.
   */
  foldDue: () => Promise<number>;
};

/** Batches per fold transaction: its arrays and locks stay short, a backlog still drains quickly. */
const SHOT_FOLD_MAX_BATCHES = 5_000;

export function createShotFold(deps: {
  /** One fold transaction; with `wait` false it answers -1 when another fold holds the lock. */
  fold: (limit: number, wait: boolean) => Promise<number>;
  maxBatches?: number;
}): ShotFold {
  const maxBatches = deps.maxBatches ?? SHOT_FOLD_MAX_BATCHES;
  async function foldUntilEmpty(wait: boolean) {
    let total = 0;
    for (;;) {
      const folded = await deps.fold(maxBatches, wait);
      if (folded < 0) return total;
      total += folded;
      if (folded < maxBatches) return total;
    }
  }
  return {
    foldAll: () => foldUntilEmpty(true),
    foldDue: () => foldUntilEmpty(false),
  };
}
