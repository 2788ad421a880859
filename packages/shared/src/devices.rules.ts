import { ErrorCode } from './error-codes.ts';

export type DeviceAction =
  | 'toggle'
  | 'delete'
  | 'edit'
  | 'resetCode'
  | 'removeUser'
  | 'reprovision'
  | 'schedule';

const DEVICE_ACTIONS: readonly DeviceAction[] = [
  'edit',
  'resetCode',
  'removeUser',
  'reprovision',
  'toggle',
  'delete',
];

export type DeviceState = {
  isActive: boolean;
  isLocationActive: boolean;
  /** An app user is linked to it. */
  hasUser: boolean;
  /** It provisioned itself and holds a secret (a reset code can be computed). */
  isProvisioned: boolean;
  /** It sent shots, which the statistics keep. */
  hasShots?: boolean;
};

/**
 * Why `action` is refused on a device, or undefined when it is allowed (409 on the API; the list hides
 * what would be refused).
 * - Edit, schedule, reset code and a new provisioning only while active (a retired device holds no
 *   credential); a reset code only once it provisioned itself.
 * - Toggle: an active device is retired (its credential revoked); an inactive one is reactivated only
 *   while its location is active.
 * - Disconnect a user only when one is linked.
 * - Permanent delete only for an inactive device that never sent shots.
 */
export function deviceActionRefusal(device: DeviceState, action: DeviceAction): ErrorCode | undefined {
  switch (action) {
    case 'edit':
    case 'schedule':
    case 'reprovision':
      return device.isActive ? undefined : ErrorCode.RECORD_INACTIVE;
    case 'resetCode':
      if (!device.isActive) return ErrorCode.RECORD_INACTIVE;
      return device.isProvisioned ? undefined : ErrorCode.DEVICE_NOT_PROVISIONED;
    case 'removeUser':
      return device.hasUser ? undefined : ErrorCode.DEVICE_NO_USER;
    case 'toggle':
      return device.isActive || device.isLocationActive ? undefined : ErrorCode.LOCATION_INACTIVE;
    case 'delete':
      if (device.isActive) return ErrorCode.RECORD_ACTIVE;
      return device.hasShots ? ErrorCode.DEVICE_HAS_SHOTS : undefined;
  }
}

/** The actions a device row offers, in the order they are shown. */
export function deviceRowActions(device: DeviceState): DeviceAction[] {
  return DEVICE_ACTIONS.filter((action) => deviceActionRefusal(device, action) === undefined);
}
