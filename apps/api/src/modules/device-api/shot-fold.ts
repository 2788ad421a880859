/**
 * The fold of acknowledged shot batches (migration 0050): a batch is acknowledged by its one row, and
 * this credits every unfolded batch to the shots, levels and counts, `maxBatches` per transaction,
 * until none is left. Runs as a timed job every SHOT_FOLD_INTERVAL_MS (`foldDue`), once more when the
 * server stops, and whenever a caller needs the counts to include every batch acknowledged before the
 * call (`foldAll`: tests, benches). Folds run side by side (migration 0061): every instance's, and
 * `sideBySide` of one instance's timed fold, each crediting batches no other fold holds.
 */
export type ShotFold = {
  /** Folds until nothing acknowledged before the call is left; answers how many batches it folded. */
  foldAll: () => Promise<number>;
  /**
   * The timed job's fold: `sideBySide` folds at once, each leaving the batches another fold holds to
   * it (that fold credits them). Answers how many batches they folded.
   */
  foldDue: () => Promise<number>;
};

/**
 * Batches per fold transaction: its arrays and locks stay short, a second's batches are shared between
 * the folds side by side, and a batch costs the same as in folds of 5,000 (0.097 against 0.098 ms of
 * PostgreSQL, docs/performance/shot-folds-side-by-side.md).
 */
const SHOT_FOLD_MAX_BATCHES = 1_000;

export function createShotFold(deps: {
  /** One fold transaction; with `wait` false it leaves the batches another fold holds. */
  fold: (limit: number, wait: boolean) => Promise<number>;
  maxBatches?: number;
  /** Folds the timed job runs at once (each its own connection); 1 on the embedded database. */
  sideBySide?: number;
}): ShotFold {
  const maxBatches = deps.maxBatches ?? SHOT_FOLD_MAX_BATCHES;
  const sideBySide = deps.sideBySide ?? 1;
  async function foldUntilEmpty(wait: boolean) {
    let total = 0;
    for (;;) {
      const folded = await deps.fold(maxBatches, wait);
      total += folded;
      if (folded < maxBatches) return total;
    }
  }
  return {
    foldAll: () => foldUntilEmpty(true),
    foldDue: async () => {
      const folded = await Promise.all(Array.from({ length: sideBySide }, () => foldUntilEmpty(false)));
      return folded.reduce((sum, count) => sum + count, 0);
    },
  };
}
