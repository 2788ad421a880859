import type { TFunction } from 'i18next';

/**
 * Every key the kits read from a resource's own locale namespace (`categories`, `campaigns`): the
 * list's title, search label and add button (`RecordList`), the form pages' titles, the form states'
 * not-found text, the row actions' confirmations (which take the row's `name`), the status tag and the
 * creation column. Each names the resource or agrees with its noun's gender ("Nova organização" /
 * "Novo fornecedor", "Ativa" / "Ativo", "Criada em" / "Criado em"), so each resource says it. A
 * namespace used by a kit page has all of them in the three languages: `npm run check:locales` reads
 * this list (scripts/check-locales.mjs) and fails on a missing one. A kit reads them only through
 * `kitText`, so a key the kit starts to read must be added here (or to `KIT_WORDS`) first.
 */
export const RESOURCE_KIT_KEYS = [
  'title',
  'searchLabel',
  'actions.add',
  'createTitle',
  'editTitle',
  'notFound',
  'confirm.delete',
  'confirm.deleteText',
  'confirm.activate',
  'confirm.deactivate',
  'status.active',
  'status.inactive',
  'columns.createdAt',
] as const;

/**
 * The kit's own words, the same for every resource (no noun, no gender): `common.json`'s `list.kit`
 * (the form states' back link, the row actions, the status column's title). A resource writes none of
 * them; a namespace holding one of these keys says it otherwise (a device is "Desativado", so
 * "Desativar"), and `npm run check:locales` refuses one that copies the kit's word in every language.
 */
export const KIT_WORDS = [
  'backToList',
  'actions.edit',
  'actions.delete',
  'actions.activate',
  'actions.deactivate',
  'columns.status',
] as const;

export type ResourceKitKey = (typeof RESOURCE_KIT_KEYS)[number] | (typeof KIT_WORDS)[number];

const isKitWord = (key: ResourceKitKey): key is (typeof KIT_WORDS)[number] =>
  (KIT_WORDS as readonly string[]).includes(key);

/**
 * One of the kit's keys in the resource's namespace (`t` is the resource's translator); a kit word
 * (`KIT_WORDS`) is the namespace's where it has its own, else the kit's (`common:list.kit.*`).
 */
export function kitText(t: TFunction, key: ResourceKitKey, values?: Record<string, string>): string {
  const keys = isKitWord(key) ? [key, `common:list.kit.${key}`] : key;
  return values ? t(keys, values) : t(keys);
}
