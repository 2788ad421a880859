import { locationOptionsSchema } from '@scentia/shared/locations.schemas';
import { quickSearchSource } from '../../../components/quick-search-source.ts';
import { locationKeys } from './query-keys.ts';

/**
 * GET /api/locations/quick-search?str=: up to 10 active locations whose name contains `str`, as the
 * device form's typeahead and the devices list's filter (the id is the value).
 */
export const locationOptionsSource = () =>
  quickSearchSource({
    queryKey: [...locationKeys.all, 'options'],
    path: '/locations/quick-search',
    schema: locationOptionsSchema,
    toOption: (option) => ({ value: String(option.locationId), label: option.name }),
  });
