import type { BrandKitSource } from '@scentia/shared/brand-kit.schemas';
import type { Language } from '@scentia/shared/locales';

/** One file of a loaded kit, with its bytes. */
export type KitFile = { name: string; contentType: string; bytes: Uint8Array };

/** A brand kit as a source gives it, in one language. */
export type LoadedKit = {
  identityText: string;
  files: KitFile[];
  source: BrandKitSource;
  /** When the kit last changed at its source, ISO 8601. */
  updatedAt: string;
};

/** Reads the kit in a language; throws when it cannot (the service decides what the caller sees). */
export type KitLoader = (language: Language) => Promise<LoadedKit>;

/** Bounds on what a content service may hand us: the kit is held in memory, once per language. */
export const KIT_LIMITS = {
  identityTextLength: 20_000,
  files: 20,
  fileBytes: 5 * 1024 * 1024,
  kitBytes: 10 * 1024 * 1024,
};

const FILE_NAME_MAX = 100;

/**
 * A name a zip entry and a download may carry: the last segment of what the source calls the file,
 * without control characters or the ones file systems refuse, with `extension` when it has none, and
 * `fallback` when nothing is left. Never a path: no `/`, `\` or leading dot (zip-slip, hidden files).
 */
export function safeFileName(name: string, extension: string | undefined, fallback: string): string {
  const lastSegment = name.split(/[/\\]/).pop() ?? '';
  let clean = lastSegment
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
    .replace(/[\u0000-\u001F\u007F-\u009F<>:"|?*]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  const dotExtension =
    extension && /^\.?[A-Za-z0-9]{1,10}$/.test(extension) ? `.${extension.replace(/^\./, '')}` : '';
  if (clean === '') clean = fallback;
  if (dotExtension && !clean.toLowerCase().endsWith(dotExtension.toLowerCase())) clean += dotExtension;
  if (clean.length > FILE_NAME_MAX) {
    const tail = dotExtension || (clean.match(/\.[A-Za-z0-9]{1,10}$/)?.[0] ?? '');
    clean = clean.slice(0, FILE_NAME_MAX - tail.length) + tail;
  }
  return clean;
}

/** `name` made unique among `taken` (compared ignoring case): `logo.svg`, `logo-2.svg`… */
export function uniqueFileName(name: string, taken: Set<string>): string {
  const dot = name.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  let candidate = name;
  for (let counter = 2; taken.has(candidate.toLowerCase()); counter++)
    candidate = `${stem}-${counter}${extension}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}
