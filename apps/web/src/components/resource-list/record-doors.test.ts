import { FLEET_DOORS, mayPass, type Role } from '@scentia/shared/access.rules';
import { describe, expect, it } from 'vitest';
import { offeredRowActions } from './record-doors.ts';

const as = (role: Role) => (access: Parameters<typeof mayPass>[0]) => mayPass(access, role);
const all = ['edit', 'toggle', 'delete'] as const;

describe('the row actions offered', () => {
  it('offers staff everything the row rule allows', () => {
    expect(offeredRowActions(all, FLEET_DOORS.locations, as('staff'))).toEqual(['edit', 'toggle', 'delete']);
  });

  it('offers a Viewer the record page read-only, and no state change', () => {
    expect(offeredRowActions(all, FLEET_DOORS.locations, as('viewer'))).toEqual(['view']);
    expect(offeredRowActions(all, FLEET_DOORS.devices, as('viewer'))).toEqual(['view']);
  });

  it('offers a Manager the edit of a location, but only the page of a device', () => {
    expect(offeredRowActions(all, FLEET_DOORS.locations, as('manager'))).toEqual(['edit']);
    expect(offeredRowActions(all, FLEET_DOORS.devices, as('manager'))).toEqual(['view']);
    expect(offeredRowActions(all, FLEET_DOORS.organizations, as('manager'))).toEqual(['view']);
  });

  it('offers what the row rule allows on a resource only staff reach', () => {
    expect(offeredRowActions(['edit', 'toggle'], undefined, as('staff'))).toEqual(['edit', 'toggle']);
  });
});
