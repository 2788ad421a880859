import { resourceKeys } from '../../../components/resource-list/resource-keys.ts';

/** Every query of the fragrances feature is keyed under `['fragrances']`. */
export const fragranceKeys = {
  ...resourceKeys('fragrances'),
  /** The fragrance typeahead's options (the search is appended). */
  options: () => ['fragrances', 'options'] as const,
};
