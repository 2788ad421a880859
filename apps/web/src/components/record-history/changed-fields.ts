import { type AuditEvent, REDACTED_PREFIX } from '@scentia/shared/audit.schemas';
import {
  type AuditHistoryEvent,
  auditValueKind,
  referencedRecordType,
  referenceKey,
} from '@scentia/shared/audit-fields';
import type { TFunction } from 'i18next';
import { formatDate, formatTimestamp } from '../../lib/date-format.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { CODED_VALUES, fieldLabelKey } from './audit-field-labels.ts';
import { structuredValueText } from './audit-value-text.ts';

/** One line of a history entry: a field's label and its values before and after, ready to show. */
export type ChangedField = { key: string; label: string; before: string | null; after: string | null };

/** An event and, when the history answered it, the names of the records it refers to. */
type NamedEvent = AuditEvent & Partial<Pick<AuditHistoryEvent, 'names'>>;

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A translation row's key ends with its language (`12,en-US`), a slot's with its number (`5,3`). */
function rowQualifier(table: string, rowKey: string, t: TFunction<'audit'>): string | undefined {
  const last = rowKey.split(',').at(-1) ?? '';
  if (table.endsWith('_translations') || table === 'campaign_descriptions') {
    return t(`common:language.${last}`, { defaultValue: last });
  }
  if (table === 'campaign_slots') return t('slotNumber', { slot: last });
  return undefined;
}

function fieldLabel(table: string, field: string, rowKey: string, t: TFunction<'audit'>): string {
  // A column of a table this screen does not know yet (a newer API) shows by its own name.
  const label = t(fieldLabelKey(table, field) ?? '', { defaultValue: field });
  const qualifier = rowQualifier(table, rowKey, t);
  return qualifier ? t('fieldInLanguage', { field: label, language: qualifier }) : label;
}

function countryName(code: string): string {
  try {
    return new Intl.DisplayNames([currentLanguage()], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

type ValueContext = { table: string; names: Readonly<Record<string, string>> };

/**
 * A stored value as text: secrets hidden, dates in the one format, codes and referenced records by
 * their names (a record removed for good by its number, said removed), structured values in words
 * (audit-value-text.ts), the status as active/inactive.
 */
export function formatValue(
  field: string,
  value: unknown,
  t: TFunction<'audit'>,
  context: ValueContext = { table: '', names: {} },
): string | null {
  // deleted_at is how a record is deactivated: its presence is the status, its date is noise.
  if (field === 'deleted_at') return value === null ? t('values.active') : t('values.inactive');
  const structured = auditValueKind(context.table, field);
  if (structured) return structuredValueText(structured, value, t);
  if (value === null || value === undefined || value === '') return null;
  const referenced = referencedRecordType(context.table, field);
  if (referenced) {
    return context.names[referenceKey(referenced, value)] ?? t('values.removed', { id: String(value) });
  }
  const coded = CODED_VALUES[`${context.table}.${field}`];
  if (coded && typeof value === 'string') return t(`values.${coded.kind}.${value}`, { defaultValue: value });
  if (typeof value === 'string' && value.startsWith(REDACTED_PREFIX)) return t('values.hidden');
  if (typeof value === 'boolean') return value ? t('values.yes') : t('values.no');
  if (typeof value === 'string' && ISO_DATE_TIME.test(value)) return formatTimestamp(value);
  if (typeof value === 'string' && ISO_DATE.test(value)) return formatDate(value);
  if (field === 'language' && typeof value === 'string') {
    return t(`common:language.${value}`, { defaultValue: value });
  }
  if (field === 'country' && typeof value === 'string') return countryName(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * The fields an event changed, as its history entry lists them. A created row shows only its new
 * values, a deleted one only its old ones; a deactivation shows as the status going inactive.
 */
export function changedFields(event: NamedEvent, t: TFunction<'audit'>): ChangedField[] {
  const names = event.names ?? {};
  return event.changes.flatMap((change) => {
    const context = { table: change.table, names };
    return change.fields
      .filter(({ field }) => fieldLabelKey(change.table, field) !== null)
      .filter(({ field }) => !(field === 'deleted_at' && change.kind !== 'updated'))
      .map(({ field, before, after }) => ({
        key: `${change.table}:${change.rowKey}:${field}`,
        label: fieldLabel(change.table, field, change.rowKey, t),
        before: change.kind === 'created' ? null : formatValue(field, before, t, context),
        after: change.kind === 'deleted' ? null : formatValue(field, after, t, context),
      }));
  });
}
