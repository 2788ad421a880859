import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

/** An i18next instance with the real pt-BR texts loaded synchronously, for component tests. */
export async function createTestI18n(): Promise<I18n> {
  const files = import.meta.glob<{ default: Record<string, unknown> }>('../locales/pt-BR/*.json', {
    eager: true,
  });
  const resources: Record<string, Record<string, unknown>> = {};
  for (const [path, module] of Object.entries(files)) {
    const namespace = path.split('/').pop()?.replace('.json', '') ?? '';
    resources[namespace] = module.default;
  }
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: 'pt-BR',
    resources: { 'pt-BR': resources },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    showSupportNotice: false,
    react: { useSuspense: false },
  });
  return instance;
}
