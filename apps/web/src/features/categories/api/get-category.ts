import { categoryRowSchema } from '@scentia/shared/categories.schemas';
import { recordEndpoint } from '../../../components/resource-form/record-endpoint.ts';
import { categoryKeys } from './query-keys.ts';

/** GET /api/categories/{id}. */
export const categoryRecord = recordEndpoint(categoryKeys, '/categories', categoryRowSchema);
