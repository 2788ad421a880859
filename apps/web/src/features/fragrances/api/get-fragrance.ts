import { fragranceRowSchema } from '@scentia/shared/fragrances.schemas';
import { recordEndpoint } from '../../../components/resource-form/record-endpoint.ts';
import { fragranceKeys } from './query-keys.ts';

/** GET /api/fragrances/{id}; never cached, so the form also gets fresh signed image URLs. */
const fragranceRecord = recordEndpoint(fragranceKeys, '/fragrances', fragranceRowSchema);

export const getFragrance = fragranceRecord.fetchRecord;
export const fragranceQueryOptions = fragranceRecord.queryOptions;
export const useFragrance = fragranceRecord.useRecord;
