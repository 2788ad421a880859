/**
 * The fold of acknowledged shot batches (migration 0050): a batch is acknowledged by its one row, and
 * this credits every unfolded batch to the shots, levels and counts, `maxBatches` per transaction,
 * until none is left. Runs as a timed job every SHOT_FOLD_INTERVAL_MS, once more when the server
 * stops, and whenever a caller needs the counts to include every batch acknowledged before the call
 * (tests, benches). Several instances may call it at once: the database folds one at a time.
 */
export type ShotFold = {
  /** Folds until nothing acknowledged before the call is left; answers how many batches it folded. */
  foldAll: () => Promise<number>;
};

/** Batches per fold transaction: its arrays and locks stay short, a backlog still drains quickly. */
const SHOT_FOLD_MAX_BATCHES = 5_000;

export function createShotFold(deps: {
  fold: (limit: number) => Promise<number>;
  maxBatches?: number;
}): ShotFold {
  const maxBatches = deps.maxBatches ?? SHOT_FOLD_MAX_BATCHES;
  return {
    async foldAll() {
      let total = 0;
      for (;;) {
        const folded = await deps.fold(maxBatches);
        total += folded;
        if (folded < maxBatches) return total;
      }
    },
  };
}
