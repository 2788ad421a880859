import { describe, expect, it } from 'vitest';
import { formatDate, formatTimestamp } from './date-format.ts';

describe('formatTimestamp', () => {
  it('writes a moment as DD/MM/YYYY HH:mm in the local time zone', () => {
    const moment = new Date(2025, 11, 31, 23, 59, 30);
    expect(formatTimestamp(moment.toISOString())).toBe('31/12/2025 23:59');
  });
});

describe('formatDate', () => {
  it('writes a stored calendar day as that day, DD/MM/YYYY', () => {
    expect(formatDate('1990-04-01')).toBe('01/04/1990');
  });

  it("writes a moment's local day", () => {
    expect(formatDate(new Date(2024, 1, 29, 8, 0).toISOString())).toBe('29/02/2024');
  });
});
