import { FLEET_DOORS, mayPass } from '@scentia/shared/access.rules';
import { describe, expect, it } from 'vitest';
import { roleOfUser } from './access.ts';

const person = (profile: string, role?: 'manager' | 'viewer') => ({
  profile: { id: 1, nome: profile },
  membership: role ? { organizationId: 1, organizationName: 'Essenza', role, locationIds: null } : null,
});

describe('the role the screens read', () => {
  it('tells staff, admins, Managers and Viewers apart as the server does', () => {
    expect(roleOfUser(person('OPERADOR'))).toBe('staff');
    expect(roleOfUser(person('ADMIN'))).toBe('admin');
    expect(roleOfUser(person('CLIENT', 'manager'))).toBe('manager');
    expect(roleOfUser(person('CLIENT', 'viewer'))).toBe('viewer');
    expect(roleOfUser(person('CLIENT'))).toBe('anonymous');
    expect(roleOfUser(null)).toBe('anonymous');
  });

  it('lets a Viewer read the fleet but change nothing of it', () => {
    const viewer = roleOfUser(person('CLIENT', 'viewer'));
    expect(mayPass(FLEET_DOORS.locations.read, viewer)).toBe(true);
    expect(mayPass(FLEET_DOORS.locations.update, viewer)).toBe(false);
    expect(mayPass(FLEET_DOORS.locations.schedules, viewer)).toBe(false);
    expect(mayPass(FLEET_DOORS.devices.resetCode, viewer)).toBe(false);
    expect(mayPass(FLEET_DOORS.initiatives.propose, viewer)).toBe(false);
  });

  it('lets a Manager edit contact data, schedules and see reset codes, not create or retire', () => {
    const manager = roleOfUser(person('CLIENT', 'manager'));
    expect(mayPass(FLEET_DOORS.locations.update, manager)).toBe(true);
    expect(mayPass(FLEET_DOORS.devices.schedule, manager)).toBe(true);
    expect(mayPass(FLEET_DOORS.devices.resetCode, manager)).toBe(true);
    expect(mayPass(FLEET_DOORS.locations.create, manager)).toBe(false);
    expect(mayPass(FLEET_DOORS.devices.states, manager)).toBe(false);
    expect(mayPass(FLEET_DOORS.devices.removeUser, manager)).toBe(false);
  });
});
