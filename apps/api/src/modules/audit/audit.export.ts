import type { AuditChange, AuditEvent } from '@scentia/shared/audit.schemas';
import type { Language } from '@scentia/shared/locales';
import { translate } from '../../i18n/translate.ts';
import type { ExportColumn } from '../../lib/xlsx-export.ts';

/** A spreadsheet cell holds at most 32,767 characters. */
const MAX_CELL_LENGTH = 32_000;
const EMPTY = '∅';

function readable(value: unknown): string {
  if (value === null || value === undefined) return EMPTY;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * An event's changes as one line: `name: Cítricos → Frutados; …`. When the call changed more than one
 * row, each field says its row: `category_translations[12,en-US].name: Citrus → Fruity`.
 */
export function describeChanges(changes: readonly AuditChange[]): string {
  const isOneRow = changes.length === 1;
  const text = changes
    .flatMap((change) =>
      change.fields.map((field) => {
        const name = isOneRow ? field.field : `${change.table}[${change.rowKey}].${field.field}`;
        return `${name}: ${readable(field.before)} → ${readable(field.after)}`;
      }),
    )
    .join('; ');
  return text.length > MAX_CELL_LENGTH ? `${text.slice(0, MAX_CELL_LENGTH)}…` : text;
}

/** The audit spreadsheet's columns, headed in the request's language. */
export function auditExportColumns(language: Language): ExportColumn<AuditEvent>[] {
  const t = (key: Parameters<typeof translate>[1]) => translate(language, key);
  return [
    { header: t('export.audit.when'), width: 22, value: (event) => new Date(event.occurredAt) },
    { header: t('export.audit.who'), width: 26, value: (event) => event.actor?.name ?? null },
    { header: t('export.audit.address'), width: 16, value: (event) => event.ip },
    { header: t('export.audit.action'), width: 26, value: (event) => event.action },
    { header: t('export.audit.recordType'), width: 12, value: (event) => event.record.type },
    { header: t('export.audit.recordId'), width: 10, value: (event) => event.record.id },
    { header: t('export.audit.changes'), width: 80, value: (event) => describeChanges(event.changes) },
  ];
}
