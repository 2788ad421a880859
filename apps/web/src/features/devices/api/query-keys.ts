import { resourceKeys } from '../../../components/resource-list/resource-keys.ts';

/** Every query of the devices feature is keyed under `['devices']`. */
export const deviceKeys = resourceKeys('devices');
