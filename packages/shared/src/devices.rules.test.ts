import { describe, expect, it } from 'vitest';
import { deviceActionRefusal, deviceRowActions } from './devices.rules.ts';

const active = {
  isActive: true,
  isLocationActive: true,
  hasUser: false,
  isProvisioned: true,
  hasShots: false,
};

describe('deviceActionRefusal', () => {
  it('lets an active, provisioned device be edited, shown its code, reprovisioned and retired', () => {
    expect(deviceRowActions(active)).toEqual(['edit', 'resetCode', 'reprovision', 'toggle']);
  });

  it('offers the user’s disconnection only when a user is linked', () => {
    expect(deviceActionRefusal(active, 'removeUser')).toBe('DEVICE_NO_USER');
    expect(deviceRowActions({ ...active, hasUser: true })).toContain('removeUser');
  });

  it('refuses a reset code before provisioning, and everything but reactivation and deletion once retired', () => {
    expect(deviceActionRefusal({ ...active, isProvisioned: false }, 'resetCode')).toBe(
      'DEVICE_NOT_PROVISIONED',
    );
    const retired = { ...active, isActive: false, isProvisioned: false };
    expect(deviceRowActions(retired)).toEqual(['toggle', 'delete']);
    expect(deviceActionRefusal(retired, 'edit')).toBe('RECORD_INACTIVE');
    expect(deviceActionRefusal(retired, 'schedule')).toBe('RECORD_INACTIVE');
  });

  it('reactivates only at an active location, and deletes for good only a retired device without shots', () => {
    const retired = { ...active, isActive: false };
    expect(deviceActionRefusal({ ...retired, isLocationActive: false }, 'toggle')).toBe('LOCATION_INACTIVE');
    expect(deviceActionRefusal(active, 'delete')).toBe('RECORD_ACTIVE');
    expect(deviceActionRefusal({ ...retired, hasShots: true }, 'delete')).toBe('DEVICE_HAS_SHOTS');
    expect(deviceActionRefusal(retired, 'delete')).toBeUndefined();
  });
});
