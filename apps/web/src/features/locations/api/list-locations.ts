import { type LocationRow, locationRowSchema } from '@scentia/shared/locations.schemas';
import { listEndpoint } from '../../../components/resource-list/list-endpoint.ts';
import { locationKeys } from './query-keys.ts';

/** The location list's `orderBy` values (docs/api.md). */
export const LOCATION_SORTS = {
  name: 'name',
  organization: 'organization',
  city: 'city',
  createdAt: 'createdAt',
  updatedAt: 'updatedAt',
} as const;

/** The list's filter by organisation: `?organizationId=` on the API and in the page's address. */
export const ORGANIZATION_FILTER = 'organizationId';

/** GET /api/locations: one page (search by name, city and organisation name; `organizationId` filter). */
export const locationsList = listEndpoint(locationKeys, '/locations', locationRowSchema);

export type { LocationRow };
