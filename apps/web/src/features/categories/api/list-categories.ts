import { type CategoryRow, categoryRowSchema } from '@scentia/shared/categories.schemas';
import { listEndpoint } from '../../../components/resource-list/list-endpoint.ts';
import { categoryKeys } from './query-keys.ts';

/** The category list's `orderBy` values (docs/api.md). */
export const CATEGORY_SORTS = {
  id: 'categoryId',
  name: 'name',
  fragrances: 'fragrances',
  createdAt: 'Category.CreatedAt',
} as const;

/** GET /api/categories: one page of categories (search by name, active filter, sort). */
export const categoriesList = listEndpoint(categoryKeys, '/categories', categoryRowSchema);

export type { CategoryRow };
