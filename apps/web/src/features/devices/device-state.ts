import type { DeviceState } from '@scentia/shared/devices.rules';
import type { DeviceRow } from '@scentia/shared/devices.schemas';

/**
 * A device row as the shared device rule reads it. The row does not carry its location's state: a
 * retired device of a retired location is offered the reactivation, which the API refuses with its
 * explanation (409 LOCATION_INACTIVE).
 */
export function deviceState(row: DeviceRow): DeviceState {
  return {
    isActive: row.ativo,
    isLocationActive: true,
    hasUser: row.user !== null,
    isProvisioned: row.isProvisioned,
  };
}
