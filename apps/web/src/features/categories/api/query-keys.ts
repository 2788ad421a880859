import { resourceKeys } from '../../../components/resource-list/resource-keys.ts';

/** Every query of the categories feature is keyed under `['categories']`. */
export const categoryKeys = {
  ...resourceKeys('categories'),
  /** The category typeahead's options (the search is appended). */
  options: () => ['categories', 'options'] as const,
};
