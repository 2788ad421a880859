import {
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  type Language,
  SHORT_LANGUAGE,
  toLanguage,
} from '@scentia/shared/locales';
import { readRaw, STORAGE_KEYS, writeRaw } from './browser-storage.ts';

/**
 * The `language` entry holds the short code of spec §3 (`pt`, `en`, `es`; default `pt`).
 * Anything else found there falls back to the default rather than to the browser's language,
 * so a stored choice is always honoured and an absent one gives Portuguese as the spec says.
 */
export function getStoredLanguage(): Language {
  return toLanguage(readRaw(STORAGE_KEYS.language)) ?? DEFAULT_LANGUAGE;
}

const YEAR_SECONDS = 31_536_000;

export function storeLanguage(language: Language): void {
  writeRaw(STORAGE_KEYS.language, SHORT_LANGUAGE[language]);
  // The same choice for the server, which sends the prerendered login page in it.
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Safari and older Firefox.
  document.cookie = `${LANGUAGE_COOKIE}=${SHORT_LANGUAGE[language]}; path=/; max-age=${YEAR_SECONDS}; samesite=lax`;
}
