import { type CAPSULE_SORTS, type CapsuleRow, capsuleRowSchema } from '@scentia/shared/capsules.schemas';
import { listEndpoint } from '../../../components/resource-list/list-endpoint.ts';
import { capsuleKeys } from './query-keys.ts';

type CapsuleSort = (typeof CAPSULE_SORTS)[number];

/** The capsules list's `orderBy` values (the spec's, `CAPSULE_SORTS`). */
export const CAPSULE_SORT = {
  serialNumber: 'SerialNumber',
  fragrance: 'Fragrance.Name',
  remainingShots: 'RemainingShots',
  device: 'Device.MacAddress',
  dueDate: 'DueDate',
  createdAt: 'CreatedAt',
  updatedAt: 'UpdatedAt',
} as const satisfies Record<string, CapsuleSort>;

/** The list's filters, the same names on the API and in the page's address (`?deviceId=4`). */
export const CAPSULE_FILTERS = {
  deviceId: 'deviceId',
  fragranceId: 'fragranceId',
  organizationId: 'organizationId',
  locationId: 'locationId',
} as const;

/**
 * GET /api/capsules: one page (search by serial, fragrance and device MAC; `deviceId` and
 * `fragranceId` filters). Read-only: capsules come from the devices' heartbeats.
 */
export const capsulesList = listEndpoint(capsuleKeys, '/capsules', capsuleRowSchema);

export type { CapsuleRow };
