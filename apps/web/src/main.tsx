import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { renderInSlices } from './app/render-in-slices.ts';
import { createAppRouter, preloadSignedInHome } from './app/router.tsx';
import { hideSplashLater } from './app/splash.ts';
import './app/global.css';
import { initI18n } from './lib/i18n.ts';
import { PATHS } from './lib/paths.ts';
import { createQueryClient } from './lib/query-client.ts';
import { setSessionNavigator } from './lib/session.ts';
import { setSignedInPreload } from './lib/signed-in-preload.ts';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
setSignedInPreload(preloadSignedInHome);
setSessionNavigator((to) => {
  void router.navigate(to, { replace: true });
});

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// The public pages' texts load beside the common ones: the login page paints one round trip sooner.
const isPublicPage = window.location.pathname.startsWith(PATHS.auth.root);
void initI18n(isPublicPage ? ['auth'] : []).then(() => {
  renderInSlices(
    createRoot(container),
    <StrictMode>
      {/* Translations load per namespace on demand; pages suspend until theirs arrive. */}
      <Suspense fallback={null}>
        <AppProviders queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>
      </Suspense>
    </StrictMode>,
  );
  hideSplashLater();
});
