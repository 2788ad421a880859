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
export const fragrancesList = listEndpoint(fragranceKeys, '/fragrances', fragranceRowSchema);

export type { FragranceRow };
