import { describe, expect, it } from 'vitest';
import { parseIdParam } from './use-id-param.ts';

describe('parseIdParam', () => {
  it('reads a whole number of up to 10 digits', () => {
    expect(parseIdParam('7')).toBe(7);
    expect(parseIdParam('0042')).toBe(42);
    expect(parseIdParam('9999999999')).toBe(9_999_999_999);
  });

  it('gives 0 (not found) for anything else', () => {
    for (const value of [undefined, '', 'abc', '7a', '-3', '1.5', ' 7', '12345678901']) {
      expect(parseIdParam(value)).toBe(0);
    }
  });
});
