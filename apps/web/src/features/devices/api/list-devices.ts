import { type DeviceRow, deviceRowSchema } from '@scentia/shared/devices.schemas';
import { listEndpoint } from '../../../components/resource-list/list-endpoint.ts';
import { deviceKeys } from './query-keys.ts';

/** The device list's `orderBy` values (spec §2 Devices list, plus location and last seen). */
export const DEVICE_SORTS = {
  macAddress: 'MacAddress',
  campaign: 'Campaign.Name',
  user: 'User.Nome',
  updatedAt: 'UpdatedAt',
  owner: 'Owner.Nome',
  createdAt: 'CreatedAt',
  location: 'Location.Name',
  lastSeenAt: 'LastSeenAt',
} as const;

/** The list's own filters, held in the page's address and sent as they are. */
export const DEVICE_FILTERS = {
  organizationId: 'organizationId',
  locationId: 'locationId',
  connection: 'connection',
} as const;

/**
 * GET /api/devices: one page (search by MAC, campaign, user, organisation and location; filters by
 * organisation, location, campaign and connection).
 */
export const devicesList = listEndpoint(deviceKeys, '/devices', deviceRowSchema);

export type { DeviceRow };
