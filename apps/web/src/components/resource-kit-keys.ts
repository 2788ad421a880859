import type { TFunction } from 'i18next';

/**
 * Every key the kits read from a resource's own locale namespace (`categories`, `campaigns`): the
 * list's title, search label and add button (`RecordList`), the form pages' titles, the form states' back link and not-found text, the row actions and their
 * confirmations (which take the row's `name`), the status tag and the common columns. A namespace
 * used by a kit page has all of them in the three languages: `npm run check:locales` reads this list
 * (scripts/check-locales.mjs) and fails on a missing one. A kit reads them only through `kitText`, so
 * a key the kit starts to read must be added here first.
 */
export const RESOURCE_KIT_KEYS = [
  'title',
  'searchLabel',
  'actions.add',
  'createTitle',
  'editTitle',
  'backToList',
  'notFound',
  'actions.edit',
  'actions.delete',
  'actions.activate',
  'actions.deactivate',
  'confirm.delete',
  'confirm.deleteText',
  'confirm.activate',
  'confirm.deactivate',
  'status.active',
  'status.inactive',
  'columns.status',
  'columns.createdAt',
] as const;

export type ResourceKitKey = (typeof RESOURCE_KIT_KEYS)[number];

/** One of the kit's keys in the resource's namespace (`t` is the resource's translator). */
export function kitText(t: TFunction, key: ResourceKitKey, values?: Record<string, string>): string {
  return values ? t(key, values) : t(key);
}
