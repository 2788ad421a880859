import { categoryOptionsSchema } from '@scentia/shared/categories.schemas';
import type { TypeaheadOption, TypeaheadSource } from '../../../components/typeahead-select.tsx';
import { http } from '../../../lib/api-client.ts';
import { categoryKeys } from './query-keys.ts';

/** GET /api/categories/quick-search?str=: up to 10 active categories whose name contains `str`. */
export async function searchCategories(search: string, signal?: AbortSignal): Promise<TypeaheadOption[]> {
  const options = await http.get('/categories/quick-search', {
    query: { str: search },
    signal,
    schema: categoryOptionsSchema,
  });
  return options.map((option) => ({ value: String(option.categoryId), label: option.name }));
}

/** The category typeahead (the fragrance form's): the category's id is the value. */
export function categoryOptionsSource(): TypeaheadSource {
  return { queryKey: categoryKeys.options(), fetchOptions: searchCategories };
}
