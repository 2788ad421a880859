import { resourceKeys } from '../../../components/resource-list/resource-keys.ts';

/** Every query of the locations feature is keyed under `['locations']`. */
export const locationKeys = resourceKeys('locations');
