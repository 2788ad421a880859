const ADMIN = '/admin';

/** The route parameter naming a record on its update page (`/admin/users/:id/update`). */
export const ID_PARAM = 'id';

/** A resource's admin pages: its list, its create page and a record's update page. */
export type ResourcePaths = {
  list: string;
  create: string;
  /** The update page of record `id`; the router builds its pattern with `update(':id')`. */
  update: (id: number | string) => string;
};

function resourcePaths(section: string): ResourcePaths {
  const list = `${ADMIN}/${section}`;
  return { list, create: `${list}/create`, update: (id) => `${list}/${id}/update` };
}

/**
 * Every route of the web app (spec §2), absolute. The router, the shell, the menu and the features
 * all link through this table, so a path is spelled once. The Portuguese segments are the spec's.
 */
export const PATHS = {
  root: '/',
  auth: {
    root: '/auth',
    login: '/auth/login',
    signUp: '/auth/cadastro',
    activateAccount: '/auth/ativar-conta',
    recoverPassword: '/auth/recuperar-senha',
    registerPassword: '/auth/cadastrar-senha',
  },
  logout: '/logout',
  privacyPolicy: '/privacy-policy',
  admin: {
    root: ADMIN,
    home: `${ADMIN}/home`,
    users: resourcePaths('users'),
    fragrances: resourcePaths('fragrances'),
    categories: resourcePaths('categories'),
    campaigns: resourcePaths('campaigns'),
    organizations: {
      ...resourcePaths('organizations'),
      /** An organisation's members, as staff manage them (the router builds its pattern with `(':id')`). */
      members: (id: number | string) => `${ADMIN}/organizations/${id}/members`,
    },
    locations: resourcePaths('locations'),
    quiz: resourcePaths('quiz'),
    devices: resourcePaths('devices'),
    capsules: `${ADMIN}/capsules`,
    members: `${ADMIN}/members`,
    initiatives: { ...resourcePaths('initiatives'), calendar: `${ADMIN}/initiatives/calendar` },
    profiles: `${ADMIN}/perfis`,
  },
} as const;

/** The admin sections that are a resource's list, create and update pages (`'organizations'`). */
export type AdminResourceKey = {
  [K in keyof typeof PATHS.admin]: (typeof PATHS.admin)[K] extends ResourcePaths ? K : never;
}[keyof typeof PATHS.admin];

/** True when `pathname` is `path` itself or a page below it (`/admin/users/7/update` is in `/admin/users`). */
export function isWithin(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}
