import { resourceKeys } from '../../../components/resource-list/resource-keys.ts';

/** Every query of the organisations feature is keyed under `['organizations']`. */
export const organizationKeys = {
  ...resourceKeys('organizations'),
  /** The organisation typeahead's options (the search is appended). */
  options: () => ['organizations', 'options'] as const,
};
