import {
  initiativeCampaignOptionsSchema,
  initiativeLocationOptionsSchema,
} from '@scentia/shared/initiatives.schemas';
import { quickSearchSource } from '../../../components/quick-search-source.ts';
import { initiativeKeys } from './query-keys.ts';

/**
 * GET /api/initiatives/campaign-options?str=: up to 10 active campaigns whose name contains the text,
 * the campaign a proposal asks for (members cannot open the catalogue's list; staff read the same).
 */
export const initiativeCampaignOptionsSource = () =>
  quickSearchSource({
    queryKey: [...initiativeKeys.all, 'campaign-options'],
    path: '/initiatives/campaign-options',
    schema: initiativeCampaignOptionsSchema,
    toOption: (option) => ({ value: String(option.campaignId), label: option.name }),
  });

/**
 * GET /api/initiatives/location-options?str=(&organizationId=): up to 10 active locations a proposal may
 * name; a member is offered only their own, whatever the organisation.
 */
export const initiativeLocationOptionsSource = (organizationId?: string | null) =>
  quickSearchSource({
    queryKey: [...initiativeKeys.all, 'location-options'],
    path: '/initiatives/location-options',
    narrowBy: organizationId ? { organizationId } : {},
    schema: initiativeLocationOptionsSchema,
    toOption: (option) => ({ value: String(option.locationId), label: option.name }),
  });
