import { resourceKeys } from '../../../components/resource-list/resource-keys.ts';

/** Every query of the campaigns feature is keyed under `['campaigns']`. */
export const campaignKeys = resourceKeys('campaigns');
