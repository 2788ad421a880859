import { userRowSchema } from '@scentia/shared/users.schemas';
import { recordEndpoint } from '../../../components/resource-form/record-endpoint.ts';
import { userKeys } from './query-keys.ts';

/** GET /api/usuario/{id}. */
export const userRecord = recordEndpoint(userKeys, '/usuario', userRowSchema);
