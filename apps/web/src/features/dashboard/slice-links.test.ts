import { describe, expect, it } from 'vitest';
import { PATHS } from '../../lib/paths.ts';
import { campaignDevicesPath, fragranceCapsulesPath, siteDevicesPath } from './slice-links.ts';

const FILTERS = {
  from: '2026-10-01',
  to: '2026-10-31',
  timeZone: 'America/Sao_Paulo',
  organizationId: '3',
  locationId: '12',
};

const paramsOf = (path: string) => Object.fromEntries(new URL(path, 'http://scentia.test').searchParams);

describe("a dashboard slice's link", () => {
  it('opens the devices of the campaign with the period, the zone, the organisation and the location', () => {
    const path = campaignDevicesPath(7, FILTERS);
    expect(path.startsWith(`${PATHS.admin.devices.list}?`)).toBe(true);
    expect(paramsOf(path)).toEqual({
      campaignId: '7',
      from: '2026-10-01',
      to: '2026-10-31',
      timeZone: 'America/Sao_Paulo',
      organizationId: '3',
      locationId: '12',
    });
  });

  it('opens the capsules of the fragrance with the period as UTC days and the site filters', () => {
    const path = fragranceCapsulesPath(5, FILTERS);
    expect(path.startsWith(`${PATHS.admin.capsules}?`)).toBe(true);
    expect(paramsOf(path)).toEqual({
      fragranceId: '5',
      from: '2026-10-01',
      to: '2026-10-31',
      organizationId: '3',
      locationId: '12',
    });
  });

  it('leaves out the filters the dashboard does not have', () => {
    const path = campaignDevicesPath(7, { from: '2026-10-01', to: '2026-10-31', timeZone: 'UTC' });
    expect(paramsOf(path)).toEqual({
      campaignId: '7',
      from: '2026-10-01',
      to: '2026-10-31',
      timeZone: 'UTC',
    });
  });

  it("opens a site's devices with the period", () => {
    expect(paramsOf(siteDevicesPath({ organizationId: 3, locationId: null }, FILTERS))).toEqual({
      organizationId: '3',
      from: '2026-10-01',
      to: '2026-10-31',
      timeZone: 'America/Sao_Paulo',
    });
    expect(paramsOf(siteDevicesPath({ organizationId: 3, locationId: 12 }, FILTERS)).locationId).toBe('12');
  });
});
