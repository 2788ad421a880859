import type { TypeaheadSource } from '../../../components/typeahead-select.tsx';
import { campaignsList } from './list-campaigns.ts';

/**
 * The active campaigns whose name contains the text, by name (the first 10), as the device form's
 * typeahead (the id is the value). The campaigns have no quick search of their own: their list
 * answers the same, with the list's search rule (3 or more characters, or none).
 */
export const campaignOptionsSource = (): TypeaheadSource => ({
  queryKey: ['campaigns', 'options'],
  fetchOptions: async (search, signal) => {
    const page = await campaignsList.fetchPage(
      { page: 1, perPage: 10, search, isActive: true, orderBy: 'name', orderByDirection: 'asc' },
      signal,
    );
    return page.data.map((campaign) => ({ value: String(campaign.campaignId), label: campaign.name }));
  },
});
