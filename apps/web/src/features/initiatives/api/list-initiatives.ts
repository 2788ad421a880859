import { type InitiativeRow, initiativeRowSchema } from '@scentia/shared/initiatives.schemas';
import { listEndpoint } from '../../../components/resource-list/list-endpoint.ts';
import { initiativeKeys } from './query-keys.ts';

/** GET /api/initiatives: one page (the search matches the title; filters in docs/api.md). */
export const initiativesList = listEndpoint(initiativeKeys, '/initiatives', initiativeRowSchema);

export type { InitiativeRow };
