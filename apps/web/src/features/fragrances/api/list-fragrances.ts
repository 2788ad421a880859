import { type FragranceRow, fragranceRowSchema } from '@scentia/shared/fragrances.schemas';
import { listEndpoint } from '../../../components/resource-list/list-endpoint.ts';
import { fragranceKeys } from './query-keys.ts';

/** The fragrance list's `orderBy` values (docs/api.md). */
export const FRAGRANCE_SORTS = {
  id: 'fragranceId',
  name: 'name',
  category: 'category',
  createdAt: 'Fragrance.CreatedAt',
} as const;

/** GET /api/fragrances: one page (the search matches the name and the category's name). */
const fragrancesList = listEndpoint(fragranceKeys, '/fragrances', fragranceRowSchema);

export const listFragrances = fragrancesList.fetchPage;
export const fragrancesListQueryOptions = fragrancesList.queryOptions;
export const useFragrancesList = fragrancesList.useList;

export type { FragranceRow };
