import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSessionCheckCache } from './session-check-cache.ts';

describe('the session check cache', () => {
  afterEach(() => vi.useRealTimers());

  it('recalls a remembered answer until it expires', () => {
    vi.useFakeTimers();
    const cache = createSessionCheckCache<string>({ ttlMs: 1_000 });
    cache.remember('7:s', 'alive', cache.generation());
    expect(cache.recall('7:s')).toBe('alive');
    vi.advanceTimersByTime(1_000);
    expect(cache.recall('7:s')).toBeUndefined();
  });

  it('forgets everything at once when state changes', () => {
    const cache = createSessionCheckCache<string>();
    cache.remember('7:s', 'alive', cache.generation());
    cache.forgetAll();
    expect(cache.recall('7:s')).toBeUndefined();
  });

  it('never stores an answer read before a change', () => {
    const cache = createSessionCheckCache<string>();
    const readAt = cache.generation();
    cache.forgetAll(); // e.g. a logout committed while the database was being read
    cache.remember('7:s', 'alive', readAt);
    expect(cache.recall('7:s')).toBeUndefined();
  });

  it('stays bounded', () => {
    const cache = createSessionCheckCache<number>({ maxEntries: 2 });
    for (const n of [1, 2, 3]) cache.remember(String(n), n, cache.generation());
    expect(cache.recall('3')).toBe(3);
    expect(cache.recall('1')).toBeUndefined();
  });
});
