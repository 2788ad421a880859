/**
 * Remembers for a moment that a session was alive, so a burst of requests (a list page fires several)
 * asks the database once instead of once each. Correctness rests on two rules:
 * - `forgetAll()` runs before any state-changing request of this process answers (logout, password
 *   change, a user deactivated…), so within this process a revocation takes effect at once;
 * - an answer read before a `forgetAll()` is never stored, since it may predate the change.
 * Other processes sharing the database see a revocation within `ttlMs`.
 */
export function createSessionCheckCache<T>({ ttlMs = 2_000, maxEntries = 10_000 } = {}) {
  let generation = 0;
  const entries = new Map<string, { value: T; generation: number; expiresAt: number }>();
  return {
    /** Take before reading the database; pass to `remember`. */
    generation: () => generation,
    recall(key: string): T | undefined {
      const entry = entries.get(key);
      if (!entry || entry.generation !== generation || entry.expiresAt <= Date.now()) return undefined;
      return entry.value;
    },
    remember(key: string, value: T, readAtGeneration: number): void {
      if (readAtGeneration !== generation) return;
      if (entries.size >= maxEntries) entries.clear();
      entries.set(key, { value, generation, expiresAt: Date.now() + ttlMs });
    },
    forgetAll(): void {
      generation += 1;
      entries.clear();
    },
  };
}
