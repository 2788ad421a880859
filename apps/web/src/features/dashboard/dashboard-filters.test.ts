// @vitest-environment jsdom
import { STORAGE_DEFAULT_TTL_MS } from '@scentia/shared/constants';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  type DashboardFilters,
  dashboardQuery,
  defaultFilters,
  isOneOrganization,
  offeredSitesView,
  periodOf,
  periodProblem,
  readDashboardFilters,
  todayIn,
  writeDashboardFilters,
} from './dashboard-filters.ts';

// 2026-03-01T01:30Z: still 28 February in São Paulo (UTC-3), already 1 March in Tokyo (UTC+9).
const T0 = Date.parse('2026-03-01T01:30:00Z');

const chosen: DashboardFilters = {
  ...defaultFilters('Asia/Tokyo', T0),
  preset: 'custom',
  from: '2026-01-01',
  to: '2026-01-31',
  organizationId: '3',
  locationId: '12',
  sites: { groupBy: 'location', sort: 'offlineDevices', order: 'asc' },
};

describe('the dashboard period', () => {
  it('counts "today" in the chosen time zone, not the browser’s or UTC', () => {
    expect(todayIn('America/Sao_Paulo', T0)).toBe('2026-02-28');
    expect(todayIn('Asia/Tokyo', T0)).toBe('2026-03-01');
  });

  it('is the last 30 days by default, today included, across a month’s edge', () => {
    expect(periodOf(defaultFilters('America/Sao_Paulo', T0), T0)).toEqual({
      from: '2026-01-30',
      to: '2026-02-28',
    });
    expect(periodOf(defaultFilters('Asia/Tokyo', T0), T0)).toEqual({ from: '2026-01-31', to: '2026-03-01' });
  });

  it('moves a preset with the days, and keeps a custom period as chosen', () => {
    const week = { ...defaultFilters('America/Sao_Paulo', T0), preset: 7 as const };
    expect(periodOf(week, T0 + 86_400_000)).toEqual({ from: '2026-02-23', to: '2026-03-01' });
    expect(periodOf(chosen, T0 + 86_400_000)).toEqual({ from: '2026-01-01', to: '2026-01-31' });
  });

  it('names what the API would refuse with the shared rule’s keys', () => {
    expect(periodProblem('2026-01-31', '2026-01-01')).toBe('periodReversed');
    expect(periodProblem('2025-01-01', '2026-01-02')).toBe('periodTooLong'); // 367 days
    expect(periodProblem('2025-01-01', '2026-01-01')).toBeUndefined(); // 366
    expect(periodProblem('2024-01-01', '2024-12-31')).toBeUndefined(); // 366 days, a leap year
    expect(periodProblem('2026-01-01', '')).toBe('incomplete');
  });

  it('sends the period, the zone and the chosen records’ ids', () => {
    expect(dashboardQuery(chosen, T0)).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
      timeZone: 'Asia/Tokyo',
      organizationId: '3',
      locationId: '12',
    });
  });
});

describe('the remembered dashboard filters', () => {
  beforeEach(() => localStorage.clear());

  it('come back as they were written, under "dashboardFilters"', () => {
    writeDashboardFilters(chosen, T0);
    expect(JSON.parse(localStorage.getItem('dashboardFilters') ?? 'null')).toMatchObject({ at: T0 });
    expect(readDashboardFilters('America/Sao_Paulo', T0 + 60_000)).toEqual(chosen);
  });

  it('last the spec’s default storage lifetime (86400 s), then give way to the defaults', () => {
    writeDashboardFilters(chosen, T0);
    expect(readDashboardFilters('America/Sao_Paulo', T0 + STORAGE_DEFAULT_TTL_MS)).toEqual(chosen);
    const expired = T0 + STORAGE_DEFAULT_TTL_MS + 1;
    expect(readDashboardFilters('America/Sao_Paulo', expired)).toEqual(
      defaultFilters('America/Sao_Paulo', expired),
    );
    expect(localStorage.getItem('dashboardFilters')).toBeNull();
  });

  it('are the defaults when the entry is unreadable or holds what the server refuses', () => {
    const fallback = defaultFilters('America/Sao_Paulo', T0);
    localStorage.setItem('dashboardFilters', '{not json');
    expect(readDashboardFilters('America/Sao_Paulo', T0)).toEqual(fallback);
    writeDashboardFilters({ ...chosen, timeZone: 'Mars/Olympus_Mons' }, T0);
    expect(readDashboardFilters('America/Sao_Paulo', T0)).toEqual(fallback);
    writeDashboardFilters({ ...chosen, organizationId: '0' }, T0);
    expect(readDashboardFilters('America/Sao_Paulo', T0)).toEqual(fallback);
  });

  it('keep the zone and the chosen records but not a custom period the API would refuse', () => {
    writeDashboardFilters({ ...chosen, from: '2026-02-01', to: '2026-01-01' }, T0);
    const read = readDashboardFilters('America/Sao_Paulo', T0);
    expect(read).toEqual({ ...chosen, ...periodFields(defaultFilters('Asia/Tokyo', T0)) });
  });
});

function periodFields(filters: DashboardFilters) {
  return { preset: filters.preset, from: filters.from, to: filters.to };
}

describe('the sites table’s sorts', () => {
  const fleet: DashboardFilters = { ...chosen, organizationId: null, locationId: null };

  it('covers one organisation when one or a location is chosen, or for a member', () => {
    expect(isOneOrganization(chosen, false)).toBe(true);
    expect(isOneOrganization({ ...fleet, locationId: '12' }, false)).toBe(true);
    expect(isOneOrganization(fleet, true)).toBe(true);
    expect(isOneOrganization(fleet, false)).toBe(false);
  });

  it('keeps every sort within one organisation, the name and the shots only over the fleet', () => {
    expect(offeredSitesView(chosen.sites, true)).toEqual(chosen.sites);
    expect(offeredSitesView(chosen.sites, false)).toEqual({
      groupBy: 'location',
      sort: 'shots',
      order: 'desc',
    });
    const byName = { groupBy: 'organization', sort: 'name', order: 'asc' } as const;
    expect(offeredSitesView(byName, false)).toEqual(byName);
  });
});
