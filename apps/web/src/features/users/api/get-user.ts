import { userRowSchema } from '@scentia/shared/users.schemas';
import { recordEndpoint } from '../../../components/resource-form/record-endpoint.ts';
import { userKeys } from './query-keys.ts';

/** GET /api/usuario/{id}. */
const userRecord = recordEndpoint(userKeys, '/usuario', userRowSchema);

export const getUser = userRecord.fetchRecord;
export const userQueryOptions = userRecord.queryOptions;
export const useUser = userRecord.useRecord;
