import { categoryRowSchema } from '@scentia/shared/categories.schemas';
import { recordEndpoint } from '../../../components/resource-form/record-endpoint.ts';
import { categoryKeys } from './query-keys.ts';

/** GET /api/categories/{id}. */
const categoryRecord = recordEndpoint(categoryKeys, '/categories', categoryRowSchema);

export const getCategory = categoryRecord.fetchRecord;
export const categoryQueryOptions = categoryRecord.queryOptions;
export const useCategory = categoryRecord.useRecord;
