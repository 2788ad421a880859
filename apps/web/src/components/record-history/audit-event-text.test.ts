import {
  AUDIT_RECORD_TYPES,
  type AuditEvent,
  kitOperationIds,
  RECORD_PATHS,
} from '@scentia/shared/audit.schemas';
import { AUDIT_MAIN_TABLES } from '@scentia/shared/audit-fields';
import { describe, expect, it } from 'vitest';
import { actionKind, recordPath } from './audit-event-text.ts';

function event(type: string, action: string, mainChange?: AuditEvent['changes'][number]['kind']): AuditEvent {
  const table = (AUDIT_MAIN_TABLES as Record<string, string | null>)[type] ?? 'unknown';
  return {
    auditId: 1,
    occurredAt: '2026-01-01T00:00:00.000Z',
    actor: null,
    ip: null,
    userAgent: null,
    action,
    record: { type, id: '7' },
    changes: mainChange ? [{ table, rowKey: '7', kind: mainChange, fields: [] }] : [],
  };
}

const kitTypes = AUDIT_RECORD_TYPES.flatMap((type) => {
  const path = RECORD_PATHS[type];
  return path ? [{ type, operations: kitOperationIds(path) }] : [];
});

describe('what an event did', () => {
  it.each(kitTypes)('names the kit operations of a $type by their operationIds', ({ type, operations }) => {
    expect(actionKind(event(type, operations.created, 'created'))).toBe('created');
    expect(actionKind(event(type, operations.updated, 'updated'))).toBe('updated');
    expect(actionKind(event(type, operations.activated, 'updated'))).toBe('activated');
    expect(actionKind(event(type, operations.deactivated, 'updated'))).toBe('deactivated');
    // The same route deletes for good: its record's own row is gone.
    expect(actionKind(event(type, operations.deactivated, 'deleted'))).toBe('deleted');
  });

  it('knows the kit operations of the API as it names them', () => {
    expect(kitOperationIds('/categories')).toEqual({
      created: 'postCategories',
      updated: 'putCategoriesById',
      deactivated: 'deleteCategoriesById',
      activated: 'putCategoriesActivateById',
    });
  });

  it('names the reads of users it records: one opened, the spreadsheet exported', () => {
    expect(actionKind(event('user', 'getUsuarioById'))).toBe('recordOpened');
    expect(actionKind(event('user', 'getExport'))).toBe('usersExported');
  });

  it('calls an operation it does not know a change', () => {
    expect(actionKind(event('category', 'postSomethingElse'))).toBe('changed');
  });
});

describe('where the record is edited', () => {
  const withoutPages = ['audit'];
  const withPages = AUDIT_RECORD_TYPES.filter((type) => !withoutPages.includes(type));
  it.each(withPages)('has a page for a %s that still exists', (type) => {
    expect(recordPath(event(type, 'database', 'updated'))).toMatch(/^\//);
  });

  it('has none for a record deleted for good or a kind it does not know', () => {
    expect(recordPath(event('category', kitOperationIds('/categories').deactivated, 'deleted'))).toBe(
      undefined,
    );
    expect(recordPath(event('unknown', 'database'))).toBe(undefined);
    expect(recordPath(event('audit', 'getAuditExport'))).toBe(undefined);
  });

  it('has none for a list exported, which names no one record', () => {
    expect(recordPath({ ...event('user', 'getExport'), record: { type: 'user', id: 'export' } })).toBe(
      undefined,
    );
  });
});
