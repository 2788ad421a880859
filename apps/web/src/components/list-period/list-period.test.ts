import { describe, expect, it } from 'vitest';
import { periodFromSearch, periodValues } from './list-period.ts';

const search = (text: string) => new URLSearchParams(text);

describe("a list's period in the address", () => {
  it('reads both days and the zone where the list counts in a zone', () => {
    const period = periodFromSearch(search('from=2026-10-01&to=2026-10-31&timeZone=America/Sao_Paulo'), true);
    expect(period).toEqual({ from: '2026-10-01', to: '2026-10-31', timeZone: 'America/Sao_Paulo' });
    expect(periodValues(period)).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
      timeZone: 'America/Sao_Paulo',
    });
  });

  it('reads the days alone where the list counts by UTC day', () => {
    expect(periodFromSearch(search('from=2026-10-01&to=2026-10-31&timeZone=Asia/Tokyo'), false)).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
    });
  });

  it('ignores a period the dashboard would refuse', () => {
    for (const text of [
      'from=2026-10-01',
      'from=2026-10-31&to=2026-10-01',
      'from=2025-01-01&to=2026-10-31',
      'from=yesterday&to=2026-10-31',
      'from=2026-10-01&to=2026-10-31&timeZone=Mars/Olympus',
    ])
      expect(periodFromSearch(search(text), true), text).toBeUndefined();
    expect(periodValues(undefined)).toEqual({});
  });
});
