/** The three languages of the product and how loose tags map onto them. */

export const LANGUAGES = ['pt-BR', 'en-US', 'es-ES'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'pt-BR';

/**
 * The cookie holding the chosen language's short code, so the server can send the login page already
 * rendered in it (the app itself reads browser storage).
 */
export const LANGUAGE_COOKIE = 'language';

/** Short codes kept in browser storage (spec §3: "language (default pt)"). */
export const SHORT_LANGUAGE: Record<Language, 'pt' | 'en' | 'es'> = {
  'pt-BR': 'pt',
  'en-US': 'en',
  'es-ES': 'es',
};

/**
 * Maps a tag such as `en`, `es-AR`, `PT-br` or `pt` to one of our languages;
 * unknown tags give `undefined` so the caller can fall back to the next source.
 */
export function toLanguage(tag: string | null | undefined): Language | undefined {
  if (!tag) return undefined;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return LANGUAGES.find((language) => language.toLowerCase().startsWith(`${primary}-`));
}

/**
 * Picks the first supported language of an Accept-Language header, honouring q-values.
 */
export function pickFromAcceptLanguage(header: string | null | undefined): Language | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number.parseFloat(q.slice(2)) : 1;
      return { tag, weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const entry of ranked) {
    const language = toLanguage(entry.tag);
    if (language) return language;
  }
  return undefined;
}
