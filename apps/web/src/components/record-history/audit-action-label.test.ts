import { AUDIT_RECORD_TYPES, type AuditEvent } from '@scentia/shared/audit.schemas';
import { AUDIT_MAIN_TABLES } from '@scentia/shared/audit-fields';
import type { TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestI18n } from '../../test/i18n-for-tests.ts';
import { composedAction } from './audit-action-origin.ts';
import { actionKind, actionLabel, recordPath } from './audit-event-text.ts';

let t: TFunction<'audit'>;
beforeAll(async () => {
  t = (await createTestI18n()).getFixedT('pt-BR', 'audit');
});

function event(type: string, action: string, mainChange?: 'created' | 'updated' | 'deleted'): AuditEvent {
  const table = (AUDIT_MAIN_TABLES as Record<string, string | null>)[type] ?? 'unknown';
  return {
    auditId: 1,
    occurredAt: '2026-01-01T00:00:00.000Z',
    actor: null,
    ip: '10.0.0.1',
    userAgent: null,
    action,
    record: { type, id: '7' },
    changes: mainChange ? [{ table, rowKey: '7', kind: mainChange, fields: [] }] : [],
  };
}

describe('the bulk actions’ and the imports’ labels', () => {
  it('reads the verb of a bulk action and the record type of the event, for every type', () => {
    for (const type of AUDIT_RECORD_TYPES) {
      const pascal = type.charAt(0).toUpperCase() + type.slice(1);
      expect(composedAction(`bulkDeactivate${pascal}`, type, false)).toEqual({
        origin: 'bulk',
        kind: 'deactivated',
      });
      expect(composedAction(`import${pascal}`, type, true)).toEqual({ origin: 'import', kind: 'created' });
    }
    expect(composedAction('bulkMoveDevice', 'device', false)).toEqual({ origin: 'bulk', kind: 'moved' });
    expect(composedAction('bulkResendConfirmationUser', 'user', false)).toEqual({
      origin: 'bulk',
      kind: 'mailResent',
    });
  });

  it('takes nothing else for a bulk action or an import', () => {
    expect(composedAction('bulkDeactivateOrganization', 'location', false)).toBeUndefined();
    expect(composedAction('bulkExplodeDevice', 'device', false)).toBeUndefined();
    expect(composedAction('bulkDevice', 'device', false)).toBeUndefined();
    expect(composedAction('importOrganization', 'location', false)).toBeUndefined();
    expect(composedAction('putCategoriesById', 'category', false)).toBeUndefined();
  });

  it('labels them with the single action’s verb and their origin', () => {
    expect(actionLabel(event('organization', 'bulkDeactivateOrganization', 'updated'), t)).toBe(
      'Inativação (ação em lote)',
    );
    expect(actionLabel(event('device', 'bulkMoveDevice', 'updated'), t)).toBe('Transferência (ação em lote)');
    expect(actionLabel(event('user', 'bulkResendConfirmationUser'), t)).toBe(
      'Reenvio do e-mail de ativação (ação em lote)',
    );
    expect(actionLabel(event('location', 'importLocation', 'created'), t)).toBe(
      'Criação (importação de planilha)',
    );
    expect(actionLabel(event('location', 'importLocation', 'updated'), t)).toBe(
      'Edição (importação de planilha)',
    );
    expect(actionLabel(event('category', 'putCategoriesById', 'updated'), t)).toBe('Edição');
  });

  it('gives a record deleted in bulk no page to open', () => {
    const deleted = event('category', 'bulkDeleteCategory', 'deleted');
    expect(actionKind(deleted)).toBe('deleted');
    expect(recordPath(deleted)).toBeUndefined();
  });
});
