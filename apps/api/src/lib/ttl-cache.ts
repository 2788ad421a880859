/**
 * Answers remembered in memory for `ttlMs`, at most `maxEntries` of them (the oldest is dropped first).
 * `recall` wraps the value so that a remembered `undefined` ("not found") is told from nothing remembered.
 */
export function createTtlCache<T>({ ttlMs, maxEntries }: { ttlMs: number; maxEntries: number }) {
  const entries = new Map<string, { value: T; expiresAt: number }>();
  return {
    recall(key: string): { value: T } | undefined {
      const entry = entries.get(key);
      return entry && entry.expiresAt > Date.now() ? { value: entry.value } : undefined;
    },
    remember(key: string, value: T): T {
      entries.delete(key);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(key, { value, expiresAt: Date.now() + ttlMs });
      return value;
    },
  };
}
