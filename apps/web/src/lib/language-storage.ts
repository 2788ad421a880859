import { DEFAULT_LANGUAGE, type Language, SHORT_LANGUAGE, toLanguage } from '@scentia/shared/locales';
import { readRaw, STORAGE_KEYS, writeRaw } from './browser-storage.ts';

/**
 * The `language` entry holds the short code of spec §3 (`pt`, `en`, `es`; default `pt`).
 * Anything else found there falls back to the default rather than to the browser's language,
 * so a stored choice is always honoured and an absent one gives Portuguese as the spec says.
 */
export function getStoredLanguage(): Language {
  return toLanguage(readRaw(STORAGE_KEYS.language)) ?? DEFAULT_LANGUAGE;
}

export function storeLanguage(language: Language): void {
  writeRaw(STORAGE_KEYS.language, SHORT_LANGUAGE[language]);
}
