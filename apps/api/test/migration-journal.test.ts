import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Drizzle's migrator applies a migration only when its `when` is later than the last one applied: a
// migration stamped earlier than its predecessor (two branches merged, a stamp set by hand ahead of
// the clock, so that the next generated one falls behind it) would be skipped on every database that
// already has the predecessor, silently. Fresh databases apply the journal in order and never show it.
type Entry = { idx: number; tag: string; when: number };

const folder = new URL('../src/db/migrations/', import.meta.url);
const { entries } = JSON.parse(readFileSync(new URL('meta/_journal.json', folder), 'utf8')) as {
  entries: Entry[];
};

describe('the migrations journal', () => {
  // Numbered without a gap: drizzle-kit names a new migration by the journal's length, so a gap left by
  // a merge gives the next one a number below the last, and drizzle-kit compares it with a wrong snapshot.
  it('lists each migration once, numbered in order without a gap, each with its SQL file', () => {
    entries.forEach((entry, index) => {
      expect(entry.idx, entry.tag).toBe(index);
      expect(Number(entry.tag.slice(0, 4)), entry.tag).toBe(index);
      expect(existsSync(new URL(`${entry.tag}.sql`, folder)), entry.tag).toBe(true);
    });
  });

  it('stamps each migration later than the one before, and none in the future', () => {
    for (const [previous, entry] of entries
      .slice(1)
      .map((entry, index) => [entries[index], entry] as const)) {
      expect(entry.when, `${entry.tag} after ${previous?.tag}`).toBeGreaterThan(previous?.when ?? 0);
    }
    const last = entries.at(-1);
    expect(last?.when, `${last?.tag} is stamped in the future`).toBeLessThanOrEqual(Date.now());
  });
});
