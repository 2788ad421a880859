import { type AuditEvent, REDACTED_PREFIX } from '@scentia/shared/audit.schemas';
import type { TFunction } from 'i18next';
import { formatDateTime } from './audit-time.ts';

/** One line of a history entry: a field's label and its values before and after, ready to show. */
export type ChangedField = { key: string; label: string; before: string | null; after: string | null };

/**
 * Columns that say nothing on their own: a row's key (the language and parent of a translation are
 * in its label already) and the thumbnail, which changes with the image.
 */
const HIDDEN_FIELDS: Readonly<Record<string, readonly string[]>> = {
  category_translations: ['category_id', 'language'],
  fragrance_translations: ['fragrance_id', 'language'],
  campaign_slots: ['campaign_id'],
  temporary_requests: ['user_id'],
};
const ALWAYS_HIDDEN = new Set(['id', 'thumbnail_key']);

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A translation row's key ends with its language (`12,en-US`). */
function languageOf(table: string, rowKey: string): string | undefined {
  if (!table.endsWith('_translations')) return undefined;
  return rowKey.split(',').at(-1);
}

function fieldLabel(table: string, field: string, rowKey: string, t: TFunction<'audit'>): string {
  const label = t([`fields.${table}.${field}`, `fields.${field}`], { defaultValue: field });
  const language = languageOf(table, rowKey);
  if (!language) return label;
  return t('fieldInLanguage', {
    field: label,
    language: t(`common:language.${language}`, { defaultValue: language }),
  });
}

/** A stored value as text: secrets hidden, dates in the reader's format, the status as active/inactive. */
export function formatValue(field: string, value: unknown, t: TFunction<'audit'>): string | null {
  // deleted_at is how a record is deactivated: its presence is the status, its date is noise.
  if (field === 'deleted_at') return value === null ? t('values.active') : t('values.inactive');
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string' && value.startsWith(REDACTED_PREFIX)) return t('values.hidden');
  if (typeof value === 'boolean') return value ? t('values.yes') : t('values.no');
  if (typeof value === 'string' && ISO_DATE_TIME.test(value)) return formatDateTime(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * The fields an event changed, as its history entry lists them. A created row shows only its new
 * values, a deleted one only its old ones; a deactivation shows as the status going inactive.
 */
export function changedFields(event: AuditEvent, t: TFunction<'audit'>): ChangedField[] {
  return event.changes.flatMap((change) => {
    const hidden = HIDDEN_FIELDS[change.table] ?? [];
    return change.fields
      .filter(({ field }) => !ALWAYS_HIDDEN.has(field) && !hidden.includes(field))
      .filter(({ field }) => !(field === 'deleted_at' && change.kind !== 'updated'))
      .map(({ field, before, after }) => ({
        key: `${change.table}:${change.rowKey}:${field}`,
        label: fieldLabel(change.table, field, change.rowKey, t),
        before: change.kind === 'created' ? null : formatValue(field, before, t),
        after: change.kind === 'deleted' ? null : formatValue(field, after, t),
      }));
  });
}
