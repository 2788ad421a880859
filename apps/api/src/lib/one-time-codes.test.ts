import { describe, expect, it } from 'vitest';
import { fromBase32, newOneTimeSecret, oneTimeCodeAt, oneTimeCodeStep, toBase32 } from './one-time-codes.ts';

// RFC 6238 appendix B: the seeds are the ASCII digits "1234567890" repeated to the hash's key length.
const seed = (length: number) => Buffer.from('1234567890'.repeat(7).slice(0, length), 'ascii');
const VECTORS: [number, string, string, string][] = [
  // time (s), SHA1, SHA256, SHA512
  [59, '94287082', '46119246', '90693936'],
  [1111111109, '07081804', '68084774', '25091201'],
  [1111111111, '14050471', '67062674', '99943326'],
  [1234567890, '89005924', '91819424', '93441116'],
  [2000000000, '69279037', '90698825', '38618901'],
  [20000000000, '65353130', '77737706', '47863826'],
];

describe('oneTimeCodeAt (RFC 6238)', () => {
  it.each(VECTORS)(
    'at %i s gives the RFC test vectors for SHA1, SHA256 and SHA512',
    (time, sha1, sha256, sha512) => {
      const options = { stepSeconds: 30, digits: 8 } as const;
      expect(oneTimeCodeAt(seed(20), time * 1000, options).code).toBe(sha1);
      expect(oneTimeCodeAt(seed(32), time * 1000, { ...options, algorithm: 'sha256' }).code).toBe(sha256);
      expect(oneTimeCodeAt(seed(64), time * 1000, { ...options, algorithm: 'sha512' }).code).toBe(sha512);
    },
  );

  it('counts the seconds left in a 60-second step and keeps the code within it', () => {
    const options = { stepSeconds: 60, digits: 6 };
    const start = oneTimeCodeAt(seed(20), 1_800_000_000_000, options);
    expect(start.secondsLeft).toBe(60);
    const last = oneTimeCodeAt(seed(20), 1_800_000_059_999, options);
    expect(last.secondsLeft).toBe(1);
    expect(last.code).toBe(start.code);
    expect(last.code).toMatch(/^[0-9]{6}$/);
    const next = oneTimeCodeAt(seed(20), 1_800_000_060_000, options);
    expect(next.step).toBe(start.step + 1);
    expect(next.stepEndsAt.getTime()).toBe(1_800_000_120_000);
  });
});

describe('oneTimeCodeStep', () => {
  const options = { stepSeconds: 60, digits: 6, window: 1 };
  it('answers the step of the current or the previous code, and null for any other', () => {
    const now = 1_800_000_030_000;
    const step = oneTimeCodeAt(seed(20), now, options).step;
    const current = oneTimeCodeAt(seed(20), now, options).code;
    const previous = oneTimeCodeAt(seed(20), now - 60_000, options).code;
    const older = oneTimeCodeAt(seed(20), now - 120_000, options).code;
    const next = oneTimeCodeAt(seed(20), now + 60_000, options).code;
    expect(oneTimeCodeStep(seed(20), current, now, options)).toBe(step);
    expect(oneTimeCodeStep(seed(20), previous, now, options)).toBe(previous === current ? step : step - 1);
    expect(oneTimeCodeStep(seed(20), older, now, options) === null).toBe(
      older !== current && older !== previous,
    );
    expect(oneTimeCodeStep(seed(20), next, now, options) === null).toBe(
      next !== current && next !== previous,
    );
    expect(oneTimeCodeStep(seed(20), '12345', now, options)).toBeNull();
  });
});

describe('toBase32', () => {
  it('encodes as RFC 4648 does, without padding', () => {
    expect(toBase32(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(toBase32(Buffer.from('f'))).toBe('MY');
  });

  it('is undone by fromBase32', () => {
    expect(fromBase32('MZXW6YTBOI').toString()).toBe('foobar');
    const secret = newOneTimeSecret();
    expect(fromBase32(toBase32(secret))).toEqual(secret);
  });
});
