import type { QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../lib/api-client.ts';
import type { TypeaheadOption, TypeaheadSource } from './typeahead-select.tsx';

type QuickSearchOptions<Option> = {
  /** The feature's key for its options (`organizationKeys.options()`); the search is appended. */
  queryKey: QueryKey;
  /** The resource's quick search on the route kit (`/organizations/quick-search`). */
  path: string;
  /** Other query parameters the search is narrowed by (`{ organizationId: '3' }`), also in `queryKey`. */
  narrowBy?: Record<string, string>;
  /** Its shared answer schema (`organizationOptionsSchema`). */
  schema: z.ZodType<Option[]>;
  /** An answered record as the typeahead shows it: its id as text, and its name. */
  toOption: (option: Option) => TypeaheadOption;
};

/**
 * A typeahead over a resource's quick search (GET `path?str=`, up to 10 active records whose name
 * contains the text): what a feature's `search-<x>.ts` declares.
 */
export function quickSearchSource<Option>({
  queryKey,
  path,
  narrowBy = {},
  schema,
  toOption,
}: QuickSearchOptions<Option>): TypeaheadSource {
  return {
    queryKey: [...queryKey, narrowBy],
    fetchOptions: async (search, signal) => {
      const options = await http.get(path, { query: { ...narrowBy, str: search }, signal, schema });
      return options.map(toOption);
    },
  };
}
