import { organizationOptionsSchema } from '@scentia/shared/organizations.schemas';
import { quickSearchSource } from '../../../components/quick-search-source.ts';
import { organizationKeys } from './query-keys.ts';

/**
 * GET /api/organizations/quick-search?str=: up to 10 active organisations whose name contains `str`,
 * as the typeahead of the location form and of the locations list's filter (the id is the value).
 */
export const organizationOptionsSource = () =>
  quickSearchSource({
    queryKey: organizationKeys.options(),
    path: '/organizations/quick-search',
    schema: organizationOptionsSchema,
    toOption: (option) => ({ value: String(option.organizationId), label: option.name }),
  });
