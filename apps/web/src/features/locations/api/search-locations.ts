import { locationOptionsSchema } from '@scentia/shared/locations.schemas';
import { quickSearchSource } from '../../../components/quick-search-source.ts';
import { locationKeys } from './query-keys.ts';

/**
 * GET /api/locations/quick-search?str=(&organizationId=): up to 10 active locations whose name contains
 * `str`, of one organisation when given, as the device form's typeahead and the lists' and the
 * dashboard's location filters (the id is the value).
 */
export const locationOptionsSource = (organizationId?: string | null) =>
  quickSearchSource({
    queryKey: [...locationKeys.all, 'options'],
    path: '/locations/quick-search',
    narrowBy: organizationId ? { organizationId } : {},
    schema: locationOptionsSchema,
    toOption: (option) => ({ value: String(option.locationId), label: option.name }),
  });
