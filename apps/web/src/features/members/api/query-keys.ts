import { resourceKeys } from '../../../components/resource-list/resource-keys.ts';

/** Every query of an organisation's members is keyed under `['members']`. */
export const memberKeys = resourceKeys('members');
