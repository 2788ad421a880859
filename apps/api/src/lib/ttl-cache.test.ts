import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTtlCache } from './ttl-cache.ts';

describe('the TTL cache', () => {
  afterEach(() => vi.useRealTimers());

  it('recalls a value, a remembered undefined included, until it expires', () => {
    vi.useFakeTimers();
    const cache = createTtlCache<string | undefined>({ ttlMs: 1_000, maxEntries: 10 });
    cache.remember('found', 'yes');
    cache.remember('missing', undefined);
    expect(cache.recall('found')).toEqual({ value: 'yes' });
    expect(cache.recall('missing')).toEqual({ value: undefined });
    expect(cache.recall('never')).toBeUndefined();
    vi.advanceTimersByTime(1_000);
    expect(cache.recall('found')).toBeUndefined();
  });

  it('drops the oldest entry when full', () => {
    const cache = createTtlCache<number>({ ttlMs: 60_000, maxEntries: 2 });
    cache.remember('a', 1);
    cache.remember('b', 2);
    cache.remember('a', 3); // remembered again: now the newest
    cache.remember('c', 4);
    expect(cache.recall('b')).toBeUndefined();
    expect(cache.recall('a')).toEqual({ value: 3 });
    expect(cache.recall('c')).toEqual({ value: 4 });
  });
});
