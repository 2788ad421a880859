import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RequireSession } from './routes/require-session.tsx';
import { RootLayout } from './routes/root-layout.tsx';
import { RouteError } from './routes/route-error.tsx';

/**
 * Every page is its own chunk. The guards stay in the entry chunk so that /admin without a
 * session redirects to the login page without downloading the admin shell first.
 */
const page = (load: () => Promise<{ default: ComponentType }>): RouteObject['lazy'] => {
  return async () => ({ Component: (await load()).default });
};

const adminSection = (path: string, load: () => Promise<{ default: ComponentType }>): RouteObject => ({
  path,
  lazy: page(load),
});

const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    HydrateFallback: () => null,
    children: [
      { index: true, element: <Navigate to="/admin" replace /> },
      {
        path: 'auth',
        children: [
          { index: true, element: <Navigate to="/auth/login" replace /> },
          { path: 'login', lazy: page(() => import('../features/auth/pages/login-page.tsx')) },
          { path: 'cadastro', lazy: page(() => import('../features/auth/pages/sign-up-page.tsx')) },
          {
            path: 'ativar-conta',
            lazy: page(() => import('../features/auth/pages/activate-account-page.tsx')),
          },
          {
            path: 'recuperar-senha',
            lazy: page(() => import('../features/auth/pages/recover-password-page.tsx')),
          },
          {
            path: 'cadastrar-senha',
            lazy: page(() => import('../features/auth/pages/register-password-page.tsx')),
          },
          { path: '*', element: <Navigate to="/auth/login" replace /> },
        ],
      },
      { path: 'logout', lazy: page(() => import('../features/auth/pages/logout-page.tsx')) },
      {
        path: 'privacy-policy',
        lazy: page(() => import('../features/privacy/pages/privacy-policy-page.tsx')),
      },
      {
        path: 'admin',
        element: <RequireSession />,
        children: [
          {
            lazy: page(() => import('./shell/admin-layout.tsx')),
            children: [
              { index: true, element: <Navigate to="/admin/home" replace /> },
              adminSection('home', () => import('../features/home/pages/home-page.tsx')),
              {
                path: 'users',
                children: [
                  { index: true, lazy: page(() => import('../features/users/pages/users-list-page.tsx')) },
                  {
                    path: 'create',
                    lazy: page(() => import('../features/users/pages/user-create-page.tsx')),
                  },
                  {
                    path: ':id/update',
                    lazy: page(() => import('../features/users/pages/user-update-page.tsx')),
                  },
                  { path: '*', lazy: page(() => import('./routes/not-found-page.tsx')) },
                ],
              },
              {
                path: 'fragrances',
                children: [
                  {
                    index: true,
                    lazy: page(() => import('../features/fragrances/pages/fragrances-list-page.tsx')),
                  },
                  {
                    path: 'create',
                    lazy: page(() => import('../features/fragrances/pages/fragrance-create-page.tsx')),
                  },
                  {
                    path: ':id/update',
                    lazy: page(() => import('../features/fragrances/pages/fragrance-update-page.tsx')),
                  },
                  { path: '*', lazy: page(() => import('./routes/not-found-page.tsx')) },
                ],
              },
              {
                path: 'categories',
                children: [
                  {
                    index: true,
                    lazy: page(() => import('../features/categories/pages/categories-list-page.tsx')),
                  },
                  {
                    path: 'create',
                    lazy: page(() => import('../features/categories/pages/category-create-page.tsx')),
                  },
                  {
                    path: ':id/update',
                    lazy: page(() => import('../features/categories/pages/category-update-page.tsx')),
                  },
                  { path: '*', lazy: page(() => import('./routes/not-found-page.tsx')) },
                ],
              },
              adminSection('campaigns', () => import('../features/campaigns/pages/campaigns-page.tsx')),
              adminSection('quiz', () => import('../features/quiz/pages/quiz-page.tsx')),
              adminSection('devices', () => import('../features/devices/pages/devices-page.tsx')),
              adminSection('capsules', () => import('../features/capsules/pages/capsules-page.tsx')),
              {
                lazy: page(() => import('./routes/require-admin.tsx')),
                children: [
                  adminSection('perfis', () => import('../features/profiles/pages/profiles-page.tsx')),
                ],
              },
              { path: '*', lazy: page(() => import('./routes/not-found-page.tsx')) },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
