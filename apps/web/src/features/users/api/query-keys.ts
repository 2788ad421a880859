import { resourceKeys } from '../../../components/resource-list/resource-keys.ts';

/**
 * Every query of the users feature is keyed under `['users']`. The geo lookups of the address
 * fields have their own root (`geoKeys`), so saving a user does not drop them.
 */
export const userKeys = resourceKeys('users');
