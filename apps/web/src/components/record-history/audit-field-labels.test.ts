import { AUDIT_RECORD_TYPES } from '@scentia/shared/audit.schemas';
import { AUDITED_COLUMNS } from '@scentia/shared/audit-fields';
import { LANGUAGES } from '@scentia/shared/locales';
import { describe, expect, it } from 'vitest';
import { CODED_VALUES, FIELD_LABELS } from './audit-field-labels.ts';

const files = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/audit.json', {
  eager: true,
});

function textAt(messages: Record<string, unknown>, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);
}

describe('the History card’s labels', () => {
  it.each(LANGUAGES)('names every kind of record, audited column and coded value in %s', (language) => {
    const messages = files[`../../locales/${language}/audit.json`]?.default ?? {};
    const missing: string[] = [];
    for (const [table, columns] of Object.entries(AUDITED_COLUMNS)) {
      for (const column of columns) {
        const key = (FIELD_LABELS as Record<string, Record<string, string | null>>)[table]?.[column];
        if (key === undefined) missing.push(`${table}.${column} (no entry)`);
        else if (key !== null && typeof textAt(messages, key) !== 'string') missing.push(key);
      }
    }
    for (const type of AUDIT_RECORD_TYPES) {
      if (typeof textAt(messages, `recordTypes.${type}`) !== 'string') missing.push(`recordTypes.${type}`);
    }
    for (const { kind, codes } of Object.values(CODED_VALUES)) {
      for (const code of codes) {
        if (typeof textAt(messages, `values.${kind}.${code}`) !== 'string')
          missing.push(`values.${kind}.${code}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
