import { fragranceRowSchema } from '@scentia/shared/fragrances.schemas';
import { recordEndpoint } from '../../../components/resource-form/record-endpoint.ts';
import { fragranceKeys } from './query-keys.ts';

/** GET /api/fragrances/{id}; never cached, so the form also gets fresh signed image URLs. */
export const fragranceRecord = recordEndpoint(fragranceKeys, '/fragrances', fragranceRowSchema);
