import { initiativeDetailSchema } from '@scentia/shared/initiatives.schemas';
import { recordEndpoint } from '../../../components/resource-form/record-endpoint.ts';
import { initiativeKeys } from './query-keys.ts';

/** GET /api/initiatives/{id}: the initiative with its locations, status history and mails. */
export const initiativeRecord = recordEndpoint(initiativeKeys, '/initiatives', initiativeDetailSchema);
