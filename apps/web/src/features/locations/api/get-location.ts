import { locationRowSchema } from '@scentia/shared/locations.schemas';
import { recordEndpoint } from '../../../components/resource-form/record-endpoint.ts';
import { locationKeys } from './query-keys.ts';

/** GET /api/locations/{id}. */
export const locationRecord = recordEndpoint(locationKeys, '/locations', locationRowSchema);
