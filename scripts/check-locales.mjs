// `npm run check:locales`: the web client's message files say the same things in the three languages.
// For every namespace (apps/web/src/locales/<language>/<namespace>.json) it compares the keys of each
// language with Portuguese, the language the texts are written in first, and names every missing or
// extra key per file. Plural forms are compared as one key: each language has its own plural categories
// (Spanish and Portuguese have a `many` form that English lacks).
//
// It also checks the resource namespaces: a web feature file that uses a kit reading the resource's own
// texts (the row actions, the form pages) names its namespace (`useTranslation('categories')`,
// `namespace: 'categories'`), and that namespace must hold every key of RESOURCE_KIT_KEYS
// (apps/web/src/components/resource-kit-keys.ts) in each language. The kit's own words (KIT_WORDS there,
// `common.json`'s `list.kit`) are in `common.json` in each language; a resource namespace holding one
// says it otherwise in at least one language: a copy of the kit's word in all three is refused.
//
// The API's catalogs (apps/api/src/i18n/messages.<language>.ts) need no check here: the English and
// Spanish ones are typed Record<MessageKey, string>, with MessageKey taken from the Portuguese one, so
// the compiler already refuses a missing or an extra key.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const WEB = join(import.meta.dirname, '../apps/web/src');
// Folders given as the arguments are checked instead (how the check itself is tried out): the message
// files, and the sources whose features name the resource namespaces.
const LOCALES = process.argv[2] ?? join(WEB, 'locales');
const SOURCES = process.argv[3] ?? WEB;
const KIT_KEYS_FILE = join(WEB, 'components/resource-kit-keys.ts');
// The kits that read a resource namespace's own keys; a feature file importing one names a resource namespace.
const KIT_READING_RESOURCE_KEYS =
  /from '[./]*\/components\/resource-(list\/row-action-builders|list\/record-list|form\/resource-form-pages)\.tsx'/;
const NAMESPACE_OF = /(?:useTranslation\(\s*\[?\s*|namespace:\s*)'([\w-]+)'/g;
const SOURCE = 'pt-BR';
const LANGUAGES = ['pt-BR', 'en-US', 'es-ES'];
// The spec has the privacy policy in Portuguese only, whatever the interface language
// (docs/decisions/foundation.md).
const SINGLE_LANGUAGE = new Map([['privacy-policy.json', SOURCE]]);
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const problems = [];

/** Every leaf of a message file as a dotted path ("actions.back"), plural forms folded into one. */
function keysOf(value, prefix = '', keys = new Set()) {
  if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) keysOf(child, prefix ? `${prefix}.${key}` : key, keys);
  } else {
    keys.add(prefix.replace(PLURAL_SUFFIX, ''));
  }
  return keys;
}

function readKeys(language, file) {
  const path = join(LOCALES, language, file);
  try {
    return keysOf(JSON.parse(readFileSync(path, 'utf8')));
  } catch (error) {
    problems.push(`${language}/${file}: not valid JSON (${error.message})`);
    return undefined;
  }
}

const files = new Set(LANGUAGES.flatMap((language) => readdirSync(join(LOCALES, language))));

for (const file of [...files].sort()) {
  const only = SINGLE_LANGUAGE.get(file);
  if (only) {
    for (const language of LANGUAGES.filter((other) => other !== only))
      if (existsSync(join(LOCALES, language, file)))
        problems.push(`${language}/${file}: exists, but this file is ${only} only`);
    continue;
  }
  if (!file.endsWith('.json')) {
    problems.push(`${file}: not a message file (.json)`);
    continue;
  }
  const missingFrom = LANGUAGES.filter((language) => !existsSync(join(LOCALES, language, file)));
  for (const language of missingFrom) problems.push(`${language}/${file}: missing`);
  if (missingFrom.includes(SOURCE)) continue;

  const source = readKeys(SOURCE, file);
  if (!source) continue;
  for (const language of LANGUAGES.filter((other) => other !== SOURCE && !missingFrom.includes(other))) {
    const keys = readKeys(language, file);
    if (!keys) continue;
    const missing = [...source].filter((key) => !keys.has(key));
    const extra = [...keys].filter((key) => !source.has(key));
    if (missing.length > 0) problems.push(`${language}/${file}: missing ${missing.join(', ')}`);
    if (extra.length > 0) problems.push(`${language}/${file}: extra (not in ${SOURCE}) ${extra.join(', ')}`);
  }
}

/** A list the kit declares (`RESOURCE_KIT_KEYS`, `KIT_WORDS`): the quoted strings of its `[ ... ] as const`. */
function kitList(name) {
  const source = readFileSync(KIT_KEYS_FILE, 'utf8');
  const list = new RegExp(`${name} = \\[([^\\]]*)\\] as const`).exec(source)?.[1] ?? '';
  const keys = [...list.matchAll(/'([^']+)'/g)].map((match) => match[1]);
  if (keys.length === 0) problems.push(`${KIT_KEYS_FILE}: ${name} not found`);
  return keys;
}

/** The text at a dotted key of a message file, or undefined. */
function textAt(language, file, key) {
  const path = join(LOCALES, language, file);
  if (!existsSync(path)) return undefined;
  let value = JSON.parse(readFileSync(path, 'utf8'));
  for (const part of key.split('.')) value = value?.[part];
  return typeof value === 'string' ? value : undefined;
}

function sourceFiles(folder) {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Each namespace a kit page uses, with the first file that shows it. */
function resourceNamespaces() {
  const namespaces = new Map();
  for (const file of sourceFiles(join(SOURCES, 'features'))) {
    const source = readFileSync(file, 'utf8');
    if (!KIT_READING_RESOURCE_KEYS.test(source)) continue;
    for (const match of source.matchAll(NAMESPACE_OF))
      if (!namespaces.has(match[1])) namespaces.set(match[1], file);
  }
  return namespaces;
}

const requiredKeys = kitList('RESOURCE_KIT_KEYS');
const kitWords = kitList('KIT_WORDS');
for (const key of kitWords)
  for (const language of LANGUAGES)
    if (textAt(language, 'common.json', `list.kit.${key}`) === undefined)
      problems.push(`${language}/common.json: lacks the kit's word list.kit.${key}`);
for (const [namespace, file] of resourceNamespaces()) {
  for (const key of kitWords) {
    const texts = LANGUAGES.map((language) => textAt(language, `${namespace}.json`, key));
    const kits = LANGUAGES.map((language) => textAt(language, 'common.json', `list.kit.${key}`));
    if (texts.every((text, index) => text !== undefined && text === kits[index]))
      problems.push(
        `${namespace}.json: ${key} copies the kit's word (common.json list.kit.${key}) in every language; remove it`,
      );
  }
  for (const language of LANGUAGES) {
    const path = join(LOCALES, language, `${namespace}.json`);
    const keys = existsSync(path) ? readKeys(language, `${namespace}.json`) : new Set();
    const missing = requiredKeys.filter((key) => !keys?.has(key));
    if (missing.length > 0)
      problems.push(
        `${language}/${namespace}.json: lacks the resource kit's ${missing.join(', ')} (used by ${file})`,
      );
  }
}

if (problems.length > 0) {
  console.error(
    `Message files disagree (${problems.length}):\n${problems.map((line) => `  ${line}`).join('\n')}`,
  );
  process.exit(1);
}
console.log(`Message files agree: ${files.size} namespaces in ${LANGUAGES.join(', ')}.`);
