import { describe, expect, it } from 'vitest';
import { createBatchCoalescer } from './shot-batch-coalescer.ts';

type Batch = { name: string; entries: number };

/** A fake database: every call waits until the test releases it, and is recorded. */
function fakeIngestion(options: { failingName?: string } = {}) {
  const calls: string[][] = [];
  const pending: (() => void)[] = [];
  const gate = () => new Promise<void>((resolve) => pending.push(resolve));
  const ingestion = {
    async ingestGroup(batches: readonly Batch[]) {
      calls.push(batches.map((batch) => batch.name));
      await gate();
      if (batches.some((batch) => batch.name === options.failingName)) throw new Error('rolled back');
      return batches.map((batch) => `group:${batch.name}`);
    },
    async ingestOne(batch: Batch) {
      calls.push([batch.name]);
      await gate();
      if (batch.name === options.failingName) throw new Error(`refused ${batch.name}`);
      return `alone:${batch.name}`;
    },
    entriesOf: (batch: Batch) => batch.entries,
  };
  /** Lets every call waiting now go on, then lets the promises that follow settle. */
  async function releaseAll() {
    for (const release of pending.splice(0)) release();
    for (let tick = 0; tick < 10; tick += 1) await Promise.resolve();
  }
  return { ingestion, calls, releaseAll };
}

const limits = { maxInFlight: 1, maxBatchesPerGroup: 3, maxEntriesPerGroup: 100 };
const batch = (name: string, entries = 10): Batch => ({ name, entries });

describe('createBatchCoalescer', () => {
  it('sends a lone batch at once, on its own', async () => {
    const fake = fakeIngestion();
    const coalescer = createBatchCoalescer(fake.ingestion, limits);
    const answer = coalescer.submit(batch('a'));
    expect(fake.calls).toEqual([['a']]);
    await fake.releaseAll();
    await expect(answer).resolves.toBe('alone:a');
  });

  it('groups the batches that arrive while a group is in flight, within the size limits, answering each in order', async () => {
    const fake = fakeIngestion();
    const coalescer = createBatchCoalescer(fake.ingestion, limits);
    const answers = ['a', 'b', 'c', 'd', 'e', 'f'].map((name) =>
      coalescer.submit(batch(name, name === 'e' ? 90 : 10)),
    );
    expect(fake.calls).toEqual([['a']]);
    await fake.releaseAll();
    // Three batches at most a group; 'e' would pass 100 entries beside 'd', so it waits for the next.
    expect(fake.calls).toEqual([['a'], ['b', 'c', 'd']]);
    await fake.releaseAll();
    expect(fake.calls).toEqual([['a'], ['b', 'c', 'd'], ['e', 'f']]);
    await fake.releaseAll();
    expect(await Promise.all(answers)).toEqual([
      'alone:a',
      'group:b',
      'group:c',
      'group:d',
      'group:e',
      'group:f',
    ]);
  });

  it('keeps at most maxInFlight groups at once', async () => {
    const fake = fakeIngestion();
    const coalescer = createBatchCoalescer(fake.ingestion, { ...limits, maxInFlight: 2 });
    const answers = ['a', 'b', 'c', 'd'].map((name) => coalescer.submit(batch(name)));
    expect(fake.calls).toEqual([['a'], ['b']]);
    await fake.releaseAll();
    expect(fake.calls).toEqual([['a'], ['b'], ['c', 'd']]);
    await fake.releaseAll();
    expect(await Promise.all(answers)).toEqual(['alone:a', 'alone:b', 'group:c', 'group:d']);
  });

  it('re-runs each batch of a failed group alone: only the faulty one is refused', async () => {
    const fake = fakeIngestion({ failingName: 'c' });
    const coalescer = createBatchCoalescer(fake.ingestion, limits);
    const answers = ['a', 'b', 'c', 'd'].map((name) =>
      coalescer.submit(batch(name)).catch((error: Error) => error.message),
    );
    await fake.releaseAll();
    await fake.releaseAll();
    await fake.releaseAll();
    expect(fake.calls).toEqual([['a'], ['b', 'c', 'd'], ['b'], ['c'], ['d']]);
    expect(await Promise.all(answers)).toEqual(['alone:a', 'alone:b', 'refused c', 'alone:d']);
  });
});
