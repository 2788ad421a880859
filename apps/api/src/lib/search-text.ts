import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

// The same map the search_normalise SQL function applies (migration 0017), so terms and stored text agree.
const FROM = 'áàâãäåéèêëíìîïóòôõöúùûüçñýÿ';
const TO = 'aaaaaaeeeeiiiiooooouuuucnyy';

/** Lower-cases a search term and strips the accents the stored search text has no longer. */
export function toSearchText(term: string): string {
  return [...term.toLowerCase()].map((char) => TO[FROM.indexOf(char)] ?? char).join('');
}

/** Escapes LIKE wildcards so a user's `%` or `_` is searched for literally. */
export function containsPattern(term: string): string {
  return `%${toSearchText(term).replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * A search word typed as a piece of a CNPJ ("11.222.333", "333/0001-81"): stored without its mask, so
 * its dots, slash and hyphen go (a resource's list `searchWord`, for any table with a CNPJ). Only a word with a digit and nothing but letters, digits and those
 * marks is one: "Guarda-Chuva" stays as typed.
 */
export function cnpjSearchWord(word: string): string {
  return /\d/.test(word) && /^[\dA-Za-z]+([./-][\dA-Za-z]*)+$/.test(word) ? word.replace(/[./-]/g, '') : word;
}

const MAX_SEARCH_WORDS = 6;

/**
 * Conditions requiring every word of a search to appear in a normalised text column, in any order:
 * "souza ana" finds "Ana Souza", and each word's trigrams are looked up once instead of the trigrams
 * spanning the spaces.
 */
export function allWordsIn(column: AnyColumn, search: string | undefined): SQL[] {
  const words = (search ?? '').split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS);
  return words.map((word) => sql`${column} like ${containsPattern(word)}`);
}

/** The longest word start kept in `users.search_prefixes` (migration 0007). */
const MAX_PREFIX_LENGTH = 20;

/**
 * The words of a search as they are looked up in `users.search_prefixes`: split like the stored words
 * (at anything but letters and digits), single letters left out (as a prefix they match most rows),
 * longer words cut to the longest stored start. Every word must start a word of the record: "mar sil"
 * finds "Mariana Silva". Empty when no word is left.
 */
export function searchPrefixes(search: string | undefined): string[] {
  const words = toSearchText(search ?? '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 1)
    .map((word) => [...word].slice(0, MAX_PREFIX_LENGTH).join(''));
  return [...new Set(words)].slice(0, MAX_SEARCH_WORDS);
}
