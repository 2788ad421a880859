import { isAdminOnly } from '@scentia/shared/resource-access';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { preloadNamespaces } from '../lib/i18n.ts';
import { ID_PARAM, PATHS, type ResourcePaths } from '../lib/paths.ts';
import { RequireSession } from './routes/require-session.tsx';
import { RootLayout } from './routes/root-layout.tsx';
import { RouteError } from './routes/route-error.tsx';

type PageModule = () => Promise<{ default: ComponentType }>;

/**
 * Every page is its own chunk. The guards stay in the entry chunk so that /admin without a
 * session redirects to the login page without downloading the admin shell first.
 */
const page = (load: PageModule): RouteObject['lazy'] => {
  return async () => ({ Component: (await load()).default });
};

const notFound = page(() => import('./routes/not-found-page.tsx'));

// The signed-in home: the shell, the dashboard and the module that starts its first request.
const loadAdminLayout = () => import('./shell/admin-layout.tsx');
const loadDashboard = () => import('../features/dashboard/pages/dashboard-page.tsx');
const loadDashboardPrefetch = () => import('../features/dashboard/api/prefetch-dashboard.ts');
// The other signed-in pages' imports live in signed-in-pages.ts, out of the entry chunk.
const loadSignedInPages = () => import('./signed-in-pages.ts');

/** The chunks and texts of the page a sign-in lands on, fetched (not shown) while the password is typed. */
export function preloadSignedInHome(): void {
  const ignore = () => undefined;
  loadAdminLayout().catch(ignore);
  loadDashboard().catch(ignore);
  loadDashboardPrefetch().catch(ignore);
  loadSignedInPages().catch(ignore);
  preloadNamespaces(['shell', 'dashboard']).catch(ignore);
}

/** The dashboard's route: its first chart's request starts with the route, beside the page's chunk. */
const dashboardRoute = (queryClient: QueryClient): RouteObject => ({
  path: PATHS.admin.home,
  lazy: async () => {
    loadDashboardPrefetch()
      .then(({ prefetchDashboard }) => prefetchDashboard(queryClient))
      .catch(() => undefined);
    return { Component: (await loadDashboard()).default };
  },
});

type SignedInPages = typeof import('./signed-in-pages.ts');
type ResourceName = keyof SignedInPages['resourcePages'];
type SectionName = keyof SignedInPages['sectionPages'];

const adminSection = (path: string, name: SectionName): RouteObject => ({
  path,
  lazy: page(async () => (await loadSignedInPages()).sectionPages[name]()),
});

/**
 * Routes each named by its resource, as its one access declaration says (`RESOURCE_ACCESS`): an
 * ADMIN-only resource's routes go behind the ADMIN guard (anyone else gets the not-found page), the
 * others as they are.
 */
const byAccess = (routes: [resource: string, route: RouteObject][]): RouteObject[] => {
  const adminOnly = routes.filter(([resource]) => isAdminOnly(resource)).map(([, route]) => route);
  const open = routes.filter(([resource]) => !isAdminOnly(resource)).map(([, route]) => route);
  if (adminOnly.length === 0) return open;
  return [...open, { lazy: page(() => import('./routes/require-admin.tsx')), children: adminOnly }];
};

/** A resource's list, create and update pages, and the not-found page for anything else below it. */
const resourceRoutes = (paths: ResourcePaths, name: ResourceName): RouteObject => {
  const load =
    (kind: 'list' | 'create' | 'update'): PageModule =>
    async () =>
      (await loadSignedInPages()).resourcePages[name][kind]();
  return {
    path: paths.list,
    children: [
      { index: true, lazy: page(load('list')) },
      { path: paths.create, lazy: page(load('create')) },
      { path: paths.update(`:${ID_PARAM}`), lazy: page(load('update')) },
      { path: '*', lazy: notFound },
    ],
  };
};

// Paths are absolute (from the path table); React Router accepts them below a parent they start with.
export const appRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    HydrateFallback: () => null,
    children: [
      { index: true, element: <Navigate to={PATHS.admin.root} replace /> },
      {
        path: PATHS.auth.root,
        children: [
          { index: true, element: <Navigate to={PATHS.auth.login} replace /> },
          { path: PATHS.auth.login, lazy: page(() => import('../features/auth/pages/login-page.tsx')) },
          { path: PATHS.auth.signUp, lazy: page(() => import('../features/auth/pages/sign-up-page.tsx')) },
          {
            path: PATHS.auth.activateAccount,
            lazy: page(() => import('../features/auth/pages/activate-account-page.tsx')),
          },
          {
            path: PATHS.auth.recoverPassword,
            lazy: page(() => import('../features/auth/pages/recover-password-page.tsx')),
          },
          {
            path: PATHS.auth.registerPassword,
            lazy: page(() => import('../features/auth/pages/register-password-page.tsx')),
          },
          { path: '*', element: <Navigate to={PATHS.auth.login} replace /> },
        ],
      },
      { path: PATHS.logout, lazy: page(() => import('../features/auth/pages/logout-page.tsx')) },
      {
        path: PATHS.privacyPolicy,
        lazy: page(() => import('../features/privacy/pages/privacy-policy-page.tsx')),
      },
      {
        path: PATHS.admin.root,
        element: <RequireSession />,
        children: [
          {
            lazy: page(loadAdminLayout),
            children: [
              { index: true, element: <Navigate to={PATHS.admin.home} replace /> },
              dashboardRoute(queryClient),
              resourceRoutes(PATHS.admin.users, 'users'),
              resourceRoutes(PATHS.admin.organizations, 'organizations'),
              resourceRoutes(PATHS.admin.locations, 'locations'),
              resourceRoutes(PATHS.admin.fragrances, 'fragrances'),
              resourceRoutes(PATHS.admin.categories, 'categories'),
              resourceRoutes(PATHS.admin.campaigns, 'campaigns'),
              resourceRoutes(PATHS.admin.quiz, 'quiz'),
              resourceRoutes(PATHS.admin.devices, 'devices'),
              resourceRoutes(PATHS.admin.initiatives, 'initiatives'),
              adminSection(PATHS.admin.members, 'members'),
              adminSection(PATHS.admin.organizations.members(`:${ID_PARAM}`), 'organizationMembers'),
              adminSection(PATHS.admin.capsules, 'capsules'),
              adminSection(PATHS.admin.initiatives.calendar, 'initiativesCalendar'),
              ...byAccess([['profiles', adminSection(PATHS.admin.profiles, 'profiles')]]),
              { path: '*', lazy: notFound },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to={PATHS.root} replace /> },
    ],
  },
];

export const createAppRouter = (queryClient: QueryClient) => createBrowserRouter(appRoutes(queryClient));
