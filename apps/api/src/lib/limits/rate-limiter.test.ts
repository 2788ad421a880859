import { describe, expect, it } from 'vitest';
import { createLimitStore } from './limit-store.ts';
import { createRateLimiter } from './rate-limiter.ts';

describe('createRateLimiter (in memory)', () => {
  it('allows the limit within a window, refuses the next with the seconds to wait', async () => {
    let time = 60_000 * 10;
    const limiter = createRateLimiter(createLimitStore({}), 'test', {
      limit: 3,
      windowMs: 60_000,
      now: () => time,
    });
    for (let index = 0; index < 3; index += 1) expect((await limiter.consume('a')).isAllowed).toBe(true);
    const refused = await limiter.consume('a');
    expect(refused.isAllowed).toBe(false);
    expect(refused.retryAfterSeconds).toBe(60);
    // Another key has its own count.
    expect((await limiter.consume('b')).isAllowed).toBe(true);
    time += 30_000;
    expect((await limiter.consume('a')).isAllowed).toBe(false);
  });

  it('weighs the previous window, so no burst of twice the limit passes across the edge', async () => {
    let time = 60_000 * 10 + 59_000;
    const limiter = createRateLimiter(createLimitStore({}), 'test', {
      limit: 10,
      windowMs: 60_000,
      now: () => time,
    });
    for (let index = 0; index < 10; index += 1) await limiter.consume('a');
    time += 2_000; // a second into the next window: the previous ten still weigh almost whole
    expect((await limiter.consume('a')).isAllowed).toBe(false);
    time += 29_000; // half way through the window: half of them weigh
    let allowed = 0;
    for (let index = 0; index < 10; index += 1) if ((await limiter.consume('a')).isAllowed) allowed += 1;
    expect(allowed).toBe(5);
    time += 120_000; // two windows later nothing weighs
    expect((await limiter.consume('a')).isAllowed).toBe(true);
  });
});
