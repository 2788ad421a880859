import { LANGUAGES, type Language, toLanguage } from '@scentia/shared/locales';
import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getStoredLanguage, storeLanguage } from './language-storage.ts';

/**
 * One JSON file per language and feature namespace, each its own chunk: a page downloads only
 * the texts of its own namespaces in the current language.
 */
const loaders = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

const lazyBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = loaders[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

const i18n = i18next.createInstance();

/**
 * `namespaces`: loaded together with `common` before the first render, so that the first page does
 * not wait for its own texts one round trip later (main.tsx names the public pages').
 */
export function initI18n(namespaces: readonly string[] = []): Promise<unknown> {
  return i18n
    .use(lazyBackend)
    .use(initReactI18next)
    .init({
      lng: getStoredLanguage(),
      fallbackLng: 'pt-BR',
      supportedLngs: [...LANGUAGES],
      // Languages are always full tags here; never try to load a bare `pt` bundle.
      load: 'currentOnly',
      ns: ['common', ...namespaces],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      showSupportNotice: false,
      returnNull: false,
      react: { useSuspense: true },
    });
}

/** Fetches namespaces ahead of the page that needs them (the signed-in home's, during the sign-in). */
export function preloadNamespaces(namespaces: readonly string[]): Promise<unknown> {
  return i18n.loadNamespaces([...namespaces]);
}

export function currentLanguage(): Language {
  return toLanguage(i18n.resolvedLanguage ?? i18n.language) ?? 'pt-BR';
}

export async function changeLanguage(language: Language): Promise<void> {
  storeLanguage(language);
  await i18n.changeLanguage(language);
}

// Keeps <html lang> in step for screen readers, spell checkers and hyphenation.
i18n.on('languageChanged', (language) => {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
});
