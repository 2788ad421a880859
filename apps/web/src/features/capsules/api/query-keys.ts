import { resourceKeys } from '../../../components/resource-list/resource-keys.ts';

/** Every query of the capsules feature is keyed under `['capsules']`. */
export const capsuleKeys = resourceKeys('capsules');
