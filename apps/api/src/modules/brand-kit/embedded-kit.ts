import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Language } from '@scentia/shared/locales';
import type { KitLoader, LoadedKit } from './brand-kit-files.ts';

/** The embedded kit's logo files, in the order they are listed and zipped. */
const LOGO_FILES = [
  { name: 'scentia-logo.svg', contentType: 'image/svg+xml' },
  { name: 'scentia-logo-white.svg', contentType: 'image/svg+xml' },
  { name: 'scentia-symbol.svg', contentType: 'image/svg+xml' },
  { name: 'scentia-symbol.png', contentType: 'image/png' },
];

/** When the embedded files last changed (a constant: a checkout's file times say nothing). */
const EMBEDDED_KIT_UPDATED_AT = '2026-11-25T00:00:00.000Z';

/**
 * `apps/api/assets/brand-kit`, found from the sources (`src/modules/brand-kit/`) and from the bundle
 * (`dist/server.js`) alike, so the build copies nothing.
 */
function assetsFolder(): string {
  const candidates = ['../../../assets/brand-kit/', '../assets/brand-kit/'].map((relative) =>
    fileURLToPath(new URL(relative, import.meta.url)),
  );
  const found = candidates.find((folder) => existsSync(`${folder}identity.pt-BR.md`));
  if (!found) throw new Error(`embedded brand kit not found (looked in ${candidates.join(', ')})`);
  return found;
}

/** The kit shipped with the API: read from disk once per language, then kept (it never changes). */
export function createEmbeddedKitLoader(): KitLoader {
  const loaded = new Map<Language, Promise<LoadedKit>>();
  const load = async (language: Language): Promise<LoadedKit> => {
    const folder = assetsFolder();
    const [identityText, ...files] = await Promise.all([
      readFile(`${folder}identity.${language}.md`, 'utf8'),
      ...LOGO_FILES.map(async (file) => ({
        ...file,
        bytes: new Uint8Array(await readFile(folder + file.name)),
      })),
    ]);
    return {
      identityText: (identityText as string).trim(),
      files: files as LoadedKit['files'],
      source: 'embedded',
      updatedAt: EMBEDDED_KIT_UPDATED_AT,
    };
  };
  return (language) => {
    let kit = loaded.get(language);
    if (!kit) {
      kit = load(language);
      // A failed read is not kept: the next request reads again.
      kit.catch(() => loaded.delete(language));
      loaded.set(language, kit);
    }
    return kit;
  };
}
