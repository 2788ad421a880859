// @vitest-environment jsdom
import { LAST_LOCATION_TTL_MS } from '@scentia/shared/constants';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearLastLocation, rememberLocation, takeLastLocation } from './last-location.ts';

const T0 = 1_760_000_000_000;

describe('lastLocation storage', () => {
  beforeEach(() => localStorage.clear());

  it('stores the path with its time as JSON under "lastLocation"', () => {
    rememberLocation('/admin/users?page=2', T0);
    expect(JSON.parse(localStorage.getItem('lastLocation') ?? 'null')).toEqual({
      path: '/admin/users?page=2',
      at: T0,
    });
  });

  it('gives the path back within 120 s, once', () => {
    rememberLocation('/admin/campaigns', T0);
    expect(takeLastLocation(T0 + LAST_LOCATION_TTL_MS)).toBe('/admin/campaigns');
    expect(takeLastLocation(T0 + LAST_LOCATION_TTL_MS)).toBeUndefined();
  });

  it('forgets a path older than 120 s', () => {
    rememberLocation('/admin/campaigns', T0);
    expect(takeLastLocation(T0 + LAST_LOCATION_TTL_MS + 1)).toBeUndefined();
    expect(localStorage.getItem('lastLocation')).toBeNull();
  });

  it('ignores paths outside the admin area and malformed entries', () => {
    rememberLocation('/auth/login', T0);
    expect(localStorage.getItem('lastLocation')).toBeNull();
    localStorage.setItem('lastLocation', JSON.stringify({ path: '//evil.example/admin', at: T0 }));
    expect(takeLastLocation(T0)).toBeUndefined();
    localStorage.setItem('lastLocation', 'not json');
    expect(takeLastLocation(T0)).toBeUndefined();
  });

  it('is cleared by a deliberate logout', () => {
    rememberLocation('/admin/quiz', T0);
    clearLastLocation();
    expect(takeLastLocation(T0)).toBeUndefined();
  });
});
