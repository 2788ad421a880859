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

/** The chunks and texts of the page a sign-in lands on, fetched (not shown) while the password is typed. */
export function preloadSignedInHome(): void {
  const ignore = () => undefined;
  loadAdminLayout().catch(ignore);
  loadDashboard().catch(ignore);
  loadDashboardPrefetch().catch(ignore);
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

const adminSection = (path: string, load: PageModule): RouteObject => ({ path, lazy: page(load) });

/**
 * A resource's list, create and update pages, and the not-found page for anything else below it.
 * The modules are passed in, not derived, because the bundler splits chunks only at literal imports.
 */
const resourceRoutes = (
  paths: ResourcePaths,
  pages: { list: PageModule; create: PageModule; update: PageModule },
): RouteObject => ({
  path: paths.list,
  children: [
    { index: true, lazy: page(pages.list) },
    { path: paths.create, lazy: page(pages.create) },
    { path: paths.update(`:${ID_PARAM}`), lazy: page(pages.update) },
    { path: '*', lazy: notFound },
  ],
});

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
              resourceRoutes(PATHS.admin.users, {
                list: () => import('../features/users/pages/users-list-page.tsx'),
                create: () => import('../features/users/pages/user-create-page.tsx'),
                update: () => import('../features/users/pages/user-update-page.tsx'),
              }),
              resourceRoutes(PATHS.admin.organizations, {
                list: () => import('../features/organizations/pages/organizations-list-page.tsx'),
                create: () => import('../features/organizations/pages/organization-create-page.tsx'),
                update: () => import('../features/organizations/pages/organization-update-page.tsx'),
              }),
              resourceRoutes(PATHS.admin.locations, {
                list: () => import('../features/locations/pages/locations-list-page.tsx'),
                create: () => import('../features/locations/pages/location-create-page.tsx'),
                update: () => import('../features/locations/pages/location-update-page.tsx'),
              }),
              resourceRoutes(PATHS.admin.fragrances, {
                list: () => import('../features/fragrances/pages/fragrances-list-page.tsx'),
                create: () => import('../features/fragrances/pages/fragrance-create-page.tsx'),
                update: () => import('../features/fragrances/pages/fragrance-update-page.tsx'),
              }),
              resourceRoutes(PATHS.admin.categories, {
                list: () => import('../features/categories/pages/categories-list-page.tsx'),
                create: () => import('../features/categories/pages/category-create-page.tsx'),
                update: () => import('../features/categories/pages/category-update-page.tsx'),
              }),
              resourceRoutes(PATHS.admin.campaigns, {
                list: () => import('../features/campaigns/pages/campaigns-list-page.tsx'),
                create: () => import('../features/campaigns/pages/campaign-create-page.tsx'),
                update: () => import('../features/campaigns/pages/campaign-update-page.tsx'),
              }),
              resourceRoutes(PATHS.admin.quiz, {
                list: () => import('../features/quiz/pages/quiz-list-page.tsx'),
                create: () => import('../features/quiz/pages/quiz-create-page.tsx'),
                update: () => import('../features/quiz/pages/quiz-editor-page.tsx'),
              }),
              resourceRoutes(PATHS.admin.devices, {
                list: () => import('../features/devices/pages/devices-list-page.tsx'),
                create: () => import('../features/devices/pages/device-create-page.tsx'),
                update: () => import('../features/devices/pages/device-update-page.tsx'),
              }),
              resourceRoutes(PATHS.admin.initiatives, {
                list: () => import('../features/initiatives/pages/initiatives-list-page.tsx'),
                create: () => import('../features/initiatives/pages/initiative-create-page.tsx'),
                update: () => import('../features/initiatives/pages/initiative-update-page.tsx'),
              }),
              adminSection(PATHS.admin.members, () => import('../features/members/pages/members-page.tsx')),
              adminSection(
                PATHS.admin.organizations.members(`:${ID_PARAM}`),
                () => import('../features/members/pages/organization-members-page.tsx'),
              ),
              adminSection(
                PATHS.admin.capsules,
                () => import('../features/capsules/pages/capsules-page.tsx'),
              ),
              adminSection(
                PATHS.admin.initiatives.calendar,
                () => import('../features/initiatives/pages/initiatives-calendar-page.tsx'),
              ),
              {
                lazy: page(() => import('./routes/require-admin.tsx')),
                children: [
                  adminSection(
                    PATHS.admin.profiles,
                    () => import('../features/profiles/pages/profiles-page.tsx'),
                  ),
                ],
              },
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
