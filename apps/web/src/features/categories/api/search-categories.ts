import { categoryOptionsSchema } from '@scentia/shared/categories.schemas';
import { quickSearchSource } from '../../../components/quick-search-source.ts';
import { categoryKeys } from './query-keys.ts';

/**
 * GET /api/categories/quick-search?str=: up to 10 active categories whose name contains `str`, as the
 * fragrance form's category typeahead (the id is the value).
 */
export const categoryOptionsSource = () =>
  quickSearchSource({
    queryKey: categoryKeys.options(),
    path: '/categories/quick-search',
    schema: categoryOptionsSchema,
    toOption: (option) => ({ value: String(option.categoryId), label: option.name }),
  });
