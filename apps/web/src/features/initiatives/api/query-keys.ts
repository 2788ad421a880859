import { resourceKeys } from '../../../components/resource-list/resource-keys.ts';

/** Every query of the initiatives feature is keyed under `['initiatives']`. */
export const initiativeKeys = resourceKeys('initiatives');
