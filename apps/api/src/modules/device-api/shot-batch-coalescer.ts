/**
 * Group commit for shot batches. Batches arriving while the database is busy wait in a queue; each
 * flush sends everything queued (up to a size) as one group, one statement and one transaction, so
 * the rows every batch shares (the hourly counts) are taken once and the commit is flushed to disk
 * once for all of them. Nothing waits on a timer: a flush starts as soon as a batch arrives and a
 * group slot is free, so a lone batch goes out at once, and under load the groups grow by themselves.
 *
 * Each caller is answered only after its group has committed. A group that fails (a batch naming an
 * empty slot, or any other error) is rolled back whole and each of its batches is sent again alone,
 * so one bad batch never fails the others and each caller gets its own answer or error.
 */

export type BatchGroupIngestion<TBatch, TAnswer> = {
  /** All batches in one transaction: one answer per batch, in order, or an error for the whole group. */
  ingestGroup(batches: readonly TBatch[]): Promise<TAnswer[]>;
  /** One batch alone (the path a failed group falls back to). */
  ingestOne(batch: TBatch): Promise<TAnswer>;
  /** How many entries a batch holds, for the group's size limit. */
  entriesOf(batch: TBatch): number;
};

export type CoalescerLimits = {
  /** Groups in flight at once. */
  maxInFlight: number;
  maxBatchesPerGroup: number;
  /** A batch larger than this still goes, alone. */
  maxEntriesPerGroup: number;
};

/**
 * One group in flight: since the fold (migration 0050) an acknowledgement only inserts its batch rows,
 * so groups side by side contend on nothing and only add statements and flushes; one at a time, the
 * batches arriving meanwhile wait for the next group and share its statement and its flush (issue 41 §2: cheaper a batch
 * in both paired turns, docs/performance/shot-batch-cost.md). Groups of at most 64 batches or 6,400
 * entries keep one statement's arrays and the wait for the group ahead short.
 */
const SHOT_GROUP_LIMITS: CoalescerLimits = {
  maxInFlight: 1,
  maxBatchesPerGroup: 64,
  maxEntriesPerGroup: 6_400,
};

type Waiting<TBatch, TAnswer> = {
  batch: TBatch;
  resolve: (answer: TAnswer) => void;
  reject: (error: unknown) => void;
};

export function createBatchCoalescer<TBatch, TAnswer>(
  ingestion: BatchGroupIngestion<TBatch, TAnswer>,
  limits: CoalescerLimits = SHOT_GROUP_LIMITS,
) {
  const queue: Waiting<TBatch, TAnswer>[] = [];
  let inFlight = 0;

  /** The next group from the head of the queue, at least one batch, within the limits. */
  function takeGroup(): Waiting<TBatch, TAnswer>[] {
    const group: Waiting<TBatch, TAnswer>[] = [];
    let entries = 0;
    while (queue.length > 0 && group.length < limits.maxBatchesPerGroup) {
      const next = queue[0] as Waiting<TBatch, TAnswer>;
      const size = ingestion.entriesOf(next.batch);
      if (group.length > 0 && entries + size > limits.maxEntriesPerGroup) break;
      group.push(next);
      queue.shift();
      entries += size;
    }
    return group;
  }

  async function runAlone(waiting: Waiting<TBatch, TAnswer>): Promise<void> {
    try {
      waiting.resolve(await ingestion.ingestOne(waiting.batch));
    } catch (error) {
      waiting.reject(error);
    }
  }

  async function run(group: Waiting<TBatch, TAnswer>[]): Promise<void> {
    if (group.length === 1) return runAlone(group[0] as Waiting<TBatch, TAnswer>);
    let answers: TAnswer[];
    try {
      answers = await ingestion.ingestGroup(group.map((waiting) => waiting.batch));
    } catch {
      // Rolled back whole: each batch again on its own, so only the faulty one is refused.
      await Promise.all(group.map(runAlone));
      return;
    }
    for (const [index, waiting] of group.entries()) waiting.resolve(answers[index] as TAnswer);
  }

  function flush(): void {
    while (inFlight < limits.maxInFlight && queue.length > 0) {
      const group = takeGroup();
      inFlight += 1;
      void run(group).finally(() => {
        inFlight -= 1;
        flush();
      });
    }
  }

  return {
    /** Resolves with the batch's answer once its transaction has committed. */
    submit(batch: TBatch): Promise<TAnswer> {
      return new Promise<TAnswer>((resolve, reject) => {
        queue.push({ batch, resolve, reject });
        flush();
      });
    },
  };
}
