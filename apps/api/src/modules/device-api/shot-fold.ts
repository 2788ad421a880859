/**
 * The fold of acknowledged shot batches (migration 0050): a batch is acknowledged by its one row, and
 * this credits every unfolded batch to the shots, levels and counts until none is left. Runs as a
 * timed job every SHOT_FOLD_INTERVAL_MS (`foldDue`), once more when the server stops, and whenever a
 * caller needs the counts to include every batch acknowledged before the call (`foldAll`: tests,
 * benches). Folds run side by side (migration 0061): every instance's, each crediting batches no other
 * fold holds, and an instance's own when one fold is not enough.
 */
export type ShotFold = {
  /** Folds until nothing acknowledged before the call is left; answers how many batches it folded. */
  foldAll: () => Promise<number>;
  /**
   * The timed job's fold, leaving the batches another fold holds to it: one fold while a tick's batches
   * fit in one, then `sideBySide` folds at once. Answers how many batches they folded.
   */
  foldDue: () => Promise<number>;
};

/**
 * A tick's first fold takes up to this many batches: one transaction a tick, as long as a tick's
 * batches fit, writes each shared count row once a tick (docs/performance/shot-folds-side-by-side.md).
 */
const SHOT_FOLD_FIRST_BATCHES = 5_000;
/**
 * Beyond it, each fold side by side takes this many: a backlog is shared evenly between them, and a
 * batch costs what it costs in folds of 5,000.
 */
const SHOT_FOLD_SIDE_BATCHES = 1_000;

export function createShotFold(deps: {
  /** One fold transaction of at most `limit` batches; with `wait` false it leaves those another holds. */
  fold: (limit: number, wait: boolean) => Promise<number>;
  firstBatches?: number;
  sideBatches?: number;
  /** Folds the timed job runs at once past its first (each its own connection); 1 on the embedded database. */
  sideBySide?: number;
}): ShotFold {
  const firstBatches = deps.firstBatches ?? SHOT_FOLD_FIRST_BATCHES;
  const sideBatches = deps.sideBatches ?? SHOT_FOLD_SIDE_BATCHES;
  const sideBySide = deps.sideBySide ?? 1;
  async function foldUntilEmpty(limit: number, wait: boolean) {
    let total = 0;
    for (;;) {
      const folded = await deps.fold(limit, wait);
      total += folded;
      if (folded < limit) return total;
    }
  }
  return {
    foldAll: () => foldUntilEmpty(firstBatches, true),
    foldDue: async () => {
      const first = await deps.fold(firstBatches, false);
      if (first < firstBatches) return first;
      const rest = await Promise.all(
        Array.from({ length: sideBySide }, () => foldUntilEmpty(sideBatches, false)),
      );
      return rest.reduce((sum, count) => sum + count, first);
    },
  };
}
