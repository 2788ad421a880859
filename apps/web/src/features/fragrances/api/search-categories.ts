import { z } from 'zod';
import type { TypeaheadOption } from '../../../components/typeahead-select.tsx';
import { http } from '../../../lib/api-client.ts';

const categoryOptionsSchema = z.array(z.object({ categoryId: z.number().int(), name: z.string() }));

/** GET /api/categories/quick-search?str=: up to 10 active categories whose name contains `str`. */
export async function searchCategories(search: string, signal?: AbortSignal): Promise<TypeaheadOption[]> {
  const options = await http.get('/categories/quick-search', {
    query: { str: search },
    signal,
    schema: categoryOptionsSchema,
  });
  return options.map((option) => ({ value: String(option.categoryId), label: option.name }));
}
