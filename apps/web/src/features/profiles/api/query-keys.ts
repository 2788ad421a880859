import { resourceKeys } from '../../../components/resource-list/resource-keys.ts';

/** Every query of the profiles feature is keyed under `['profiles']`. */
export const profileKeys = {
  ...resourceKeys('profiles'),
  /** The profiles the user form may assign (GET /api/perfil/). */
  options: () => ['profiles', 'options'] as const,
};
