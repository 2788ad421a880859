import { LANGUAGES, type Language } from '@scentia/shared/locales';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import LoginPage from '../features/auth/pages/login-page.tsx';
import { PATHS } from '../lib/paths.ts';

/**
 * The login page as static HTML, one per language, written into the build (vite.config.ts) so that
 * its brand panel and form paint from the HTML and CSS alone; the app replaces it once its own login
 * page mounts (`takeOverPrerenderedPage`). Runs at build time only: nothing in the app imports it.
 */
const texts = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/{common,auth}.json', {
  eager: true,
});

async function renderLoginPage(language: Language): Promise<string> {
  const i18n = i18next.createInstance();
  const resources: Record<string, Record<string, unknown>> = {};
  for (const namespace of ['common', 'auth']) {
    const file = texts[`../locales/${language}/${namespace}.json`];
    if (!file) throw new Error(`No ${namespace} texts in ${language}`);
    resources[namespace] = file.default;
  }
  await i18n.use(initReactI18next).init({
    lng: language,
    resources: { [language]: resources },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    showSupportNotice: false,
    react: { useSuspense: false },
  });
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={[PATHS.auth.login]}>
          <LoginPage />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

/** Every language's login page markup. */
export async function renderLoginPages(): Promise<Record<Language, string>> {
  const pages = await Promise.all(
    LANGUAGES.map(async (language) => [language, await renderLoginPage(language)]),
  );
  return Object.fromEntries(pages) as Record<Language, string>;
}
