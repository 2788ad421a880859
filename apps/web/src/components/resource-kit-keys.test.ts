import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestI18n } from '../test/i18n-for-tests.ts';
import { KIT_WORDS, kitText, RESOURCE_KIT_KEYS } from './resource-kit-keys.ts';

const SCRIPT = join(import.meta.dirname, '../../../../scripts/check-locales.mjs');
const LANGUAGES = ['pt-BR', 'en-US', 'es-ES'];
let folder = '';

afterEach(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
  folder = '';
});

function checkLocales(...folders: string[]) {
  return spawnSync(process.execPath, [SCRIPT, ...folders], { encoding: 'utf8' });
}

/** A namespace's message file with `keys` (dotted paths) as its texts (or `text(key)`). */
function messages(keys: readonly string[], text: (key: string) => string = (key) => key) {
  const root: Record<string, unknown> = {};
  for (const key of keys) {
    const parts = key.split('.');
    const leaf = parts.pop() as string;
    let node = root;
    for (const part of parts) {
      node[part] = node[part] ?? {};
      node = node[part] as Record<string, unknown>;
    }
    node[leaf] = text(key);
  }
  return JSON.stringify(root);
}

const LIST_PAGE = [
  "import { recordRowAction } from '../../../components/resource-list/row-action-builders.tsx';",
  "export const useThings = () => useTranslation('things');",
].join('\n');
const FORM_PAGES = [
  "import { resourceFormPages } from '../../../components/resource-form/resource-form-pages.tsx';",
  "export const thingFormPages = resourceFormPages({ namespace: 'things' });",
].join('\n');

const RECORD_LIST_PAGE = [
  "import { RecordList } from '../../../components/resource-list/record-list.tsx';",
  "export const useThings = () => useTranslation('things');",
].join('\n');

/** The kit's word for `key` in `common.json` (`list.kit.*`). */
const kitWord = (key: string) => `kit ${key}`;

/**
 * Locale files of the `things` namespace with `keys` (texts by `text`), the kit's words in `common.json`,
 * and a page of it that uses a kit (`page`).
 */
function tree(keys: readonly string[], page = LIST_PAGE, text?: (key: string) => string) {
  folder = mkdtempSync(join(tmpdir(), 'kit-keys-'));
  for (const language of LANGUAGES) {
    mkdirSync(join(folder, 'locales', language), { recursive: true });
    writeFileSync(join(folder, 'locales', language, 'things.json'), messages(keys, text));
    const common = messages(
      KIT_WORDS.map((key) => `list.kit.${key}`),
      (key) => kitWord(key.replace('list.kit.', '')),
    );
    writeFileSync(join(folder, 'locales', language, 'common.json'), common);
  }
  mkdirSync(join(folder, 'src/features/things/pages'), { recursive: true });
  writeFileSync(join(folder, 'src/features/things/pages/things-page.tsx'), page);
  return [join(folder, 'locales'), join(folder, 'src')];
}

describe('the resource kit keys in check:locales', () => {
  it('passes the namespaces the kit pages use today', () => {
    const run = checkLocales();
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it('passes a kit page whose namespace has every kit key', () => {
    expect(checkLocales(...tree(RESOURCE_KIT_KEYS)).status).toBe(0);
  });

  it('fails a kit page whose namespace lacks one of the kit keys, and names it', () => {
    const missing = RESOURCE_KIT_KEYS[RESOURCE_KIT_KEYS.length - 1] as string;
    const run = checkLocales(...tree(RESOURCE_KIT_KEYS.filter((key) => key !== missing)));
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`pt-BR/things.json: lacks the resource kit's ${missing}`);
  });

  it('fails a form pages declaration whose namespace lacks the titles', () => {
    const run = checkLocales(
      ...tree(
        RESOURCE_KIT_KEYS.filter((key) => key !== 'createTitle'),
        FORM_PAGES,
      ),
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("es-ES/things.json: lacks the resource kit's createTitle");
  });

  it('fails a record list page whose namespace lacks a kit key', () => {
    const run = checkLocales(
      ...tree(
        RESOURCE_KIT_KEYS.filter((key) => key !== 'searchLabel'),
        RECORD_LIST_PAGE,
      ),
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("en-US/things.json: lacks the resource kit's searchLabel");
  });

  it('passes a namespace that says a kit word otherwise, and fails one that copies it', () => {
    const keys = [...RESOURCE_KIT_KEYS, 'actions.deactivate'];
    expect(checkLocales(...tree(keys, LIST_PAGE, (key) => key)).status).toBe(0);
    const run = checkLocales(
      ...tree(keys, LIST_PAGE, (key) => (key === 'actions.deactivate' ? kitWord(key) : key)),
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("things.json: actions.deactivate copies the kit's word");
  });

  it('ignores a namespace no kit page uses', () => {
    expect(checkLocales(...tree([], "export const useThings = () => useTranslation('things');")).status).toBe(
      0,
    );
  });
});

describe('kitText', () => {
  it('reads a kit word from the kit, unless the namespace says it otherwise', async () => {
    const i18n = await createTestI18n();
    const categories = i18n.getFixedT('pt-BR', 'categories');
    const devices = i18n.getFixedT('pt-BR', 'devices');
    expect(kitText(categories, 'actions.deactivate')).toBe('Inativar');
    expect(kitText(devices, 'actions.deactivate')).toBe('Desativar');
    expect(kitText(categories, 'backToList')).toBe('Voltar para a lista');
    expect(kitText(categories, 'createTitle')).toBe('Nova categoria');
  });
});
