import type { AuditHistoryEvent } from '@scentia/shared/audit-fields';
import type { TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestI18n } from '../../test/i18n-for-tests.ts';
import { actionKind, actorLabel, recordLabel, recordPath } from './audit-event-text.ts';
import { changedFields, formatValue } from './changed-fields.ts';

let t: TFunction<'audit'>;
beforeAll(async () => {
  t = (await createTestI18n()).getFixedT('pt-BR', 'audit');
});

function event(overrides: Partial<AuditHistoryEvent>): AuditHistoryEvent {
  return {
    auditId: 1,
    occurredAt: '2026-03-12T14:05:00.000Z',
    actor: { userId: 1, name: 'Ana Lima' },
    ip: '10.0.0.1',
    userAgent: 'test',
    action: 'putCategoriesById',
    record: { type: 'category', id: '12' },
    changes: [],
    names: {},
    ...overrides,
  };
}

const lines = (fields: ReturnType<typeof changedFields>) =>
  fields.map(({ label, before, after }) => `${label}: ${before ?? '-'} > ${after ?? '-'}`);

describe('changedFields', () => {
  it('labels a category edit, its translations by language, and leaves the row keys out', () => {
    const edit = event({
      changes: [
        {
          table: 'categories',
          rowKey: '12',
          kind: 'updated',
          fields: [{ field: 'name', before: 'Amadeirado', after: 'Amadeirados' }],
        },
        {
          table: 'category_translations',
          rowKey: '12,en-US',
          kind: 'created',
          fields: [
            { field: 'category_id', before: null, after: 12 },
            { field: 'language', before: null, after: 'en-US' },
            { field: 'name', before: null, after: 'Woody' },
          ],
        },
      ],
    });
    expect(lines(changedFields(edit, t))).toEqual([
      'Nome: Amadeirado > Amadeirados',
      'Nome (English): - > Woody',
    ]);
  });

  it('shows a deactivation as the status, a secret as hidden and an unknown column by its name', () => {
    const change = event({
      record: { type: 'user', id: '7' },
      changes: [
        {
          table: 'users',
          rowKey: '7',
          kind: 'updated',
          fields: [
            { field: 'deleted_at', before: null, after: '2026-03-12T14:05:00.000Z' },
            { field: 'password_hash', before: 'redacted:1a2b3c4d', after: 'redacted:5e6f7a8b' },
            { field: 'favourite_colour', before: 'red', after: 'blue' },
          ],
        },
      ],
    });
    expect(lines(changedFields(change, t))).toEqual([
      'Situação: Ativo > Inativo',
      'Senha: (oculto) > (oculto)',
      'favourite_colour: red > blue',
    ]);
  });

  it('names referenced records and coded values instead of raw ids and codes', () => {
    const print = event({
      action: 'postCampaignsQrPrintsById',
      record: { type: 'campaign', id: '5' },
      names: { 'user:4': 'Ana Lima', 'fragrance:46': 'Lavanda' },
      changes: [
        {
          table: 'campaign_qr_prints',
          rowKey: '9',
          kind: 'created',
          fields: [
            { field: 'id', before: null, after: 9 },
            { field: 'campaign_id', before: null, after: 5 },
            { field: 'kind', before: null, after: 'print' },
            { field: 'printed_by', before: null, after: 4 },
          ],
        },
        {
          table: 'campaign_slots',
          rowKey: '5,3',
          kind: 'updated',
          fields: [{ field: 'fragrance_id', before: 12, after: 46 }],
        },
      ],
    });
    expect(lines(changedFields(print, t))).toEqual([
      'Formato do QR code: - > Impressão',
      'Impresso por: - > Ana Lima',
      'Fragrância (slot 3): #12 (excluído) > Lavanda',
    ]);
  });

  it('writes a schedule as its ranges in words, in the week’s order, never as JSON', () => {
    const friday = { weekday: 5, start: '22:00', end: '02:00', intensity: 60 };
    const monday = { weekday: 1, start: '08:00', end: '18:00', intensity: 1 };
    const change = event({
      action: 'putLocationsScheduleById',
      record: { type: 'location', id: '3' },
      changes: [
        {
          table: 'locations',
          rowKey: '3',
          kind: 'updated',
          fields: [{ field: 'schedule', before: { ranges: [] }, after: { ranges: [friday, monday] } }],
        },
      ],
    });
    expect(lines(changedFields(change, t))).toEqual([
      'Agenda: Não difunde > Seg. 08:00–18:00, 1 disparo/h; Sex. 22:00–02:00, 60 disparos/h',
    ]);
    const device = { table: 'devices', names: {} };
    expect(formatValue('schedule', null, t, device)).toBe('Agenda do local');
    expect(formatValue('schedule', { ranges: [friday] }, t, device)).toBe('Sex. 22:00–02:00, 60 disparos/h');
  });

  it('says a referenced record removed for good is removed, and leaves an empty reference empty', () => {
    const context = { table: 'quiz_answers', names: { 'answerText:7': 'Inverno' } };
    expect(formatValue('answer_id', 7, t, context)).toBe('Inverno');
    expect(formatValue('answer_id', 2126, t, context)).toBe('#2126 (excluído)');
    expect(formatValue('next_question_id', null, t, context)).toBeNull();
  });

  it('names the notes of a read of a person’s whole record, leaving paging out', () => {
    const read = event({
      action: 'getUsuarioPersonalDataById',
      record: { type: 'user', id: '7' },
      changes: [
        {
          table: 'personal_data',
          rowKey: '7',
          kind: 'created',
          fields: [{ field: 'read', before: null, after: 'json' }],
        },
      ],
    });
    expect(t(`actions.${actionKind(read)}`)).toBe('Leitura dos dados pessoais');
    expect(lines(changedFields(read, t))).toEqual(['Formato lido: - > json']);
    const exported = event({
      action: 'getAuditExport',
      changes: [
        {
          table: 'audit_events',
          rowKey: 'export',
          kind: 'created',
          fields: [
            { field: 'read', before: null, after: 'xlsx' },
            { field: 'perPage', before: null, after: 10 },
            { field: 'actorId', before: null, after: '7' },
          ],
        },
      ],
    });
    expect(lines(changedFields(exported, t))).toEqual(['Formato lido: - > xlsx', 'Pessoa (id): - > 7']);
  });

  it('writes dates in the one format and leaves empty values out', () => {
    expect(formatValue('confirmed_at', '2026-03-12T12:00:00.000Z', t)).toMatch(/^12\/03\/2026 \d\d:\d\d$/);
    expect(formatValue('birthday', '1990-04-01', t, { table: 'users', names: {} })).toBe('01/04/1990');
    expect(formatValue('description', '', t)).toBeNull();
    expect(formatValue('description', null, t)).toBeNull();
  });
});

describe('the event’s summary', () => {
  it('names the action, the record (with its name when the event carries it) and its edit page', () => {
    const rename = event({
      changes: [
        {
          table: 'categories',
          rowKey: '12',
          kind: 'updated',
          fields: [{ field: 'name', before: 'Amadeirado', after: 'Amadeirados' }],
        },
      ],
    });
    expect(t(`actions.${actionKind(rename)}`)).toBe('Edição');
    expect(recordLabel(rename, t)).toBe('Categoria Amadeirados (#12)');
    expect(recordPath(rename)).toBe('/admin/categories/12/update');
    expect(recordLabel(event({}), t)).toBe('Categoria #12');
  });

  it('names the record by the name the API answered beside an event that did not change it', () => {
    const translated = event({
      changes: [{ table: 'category_translations', rowKey: '12,en-US', kind: 'created', fields: [] }],
    });
    expect(recordLabel({ ...translated, names: { 'category:12': 'Amadeirados' } }, t)).toBe(
      'Categoria Amadeirados (#12)',
    );
    expect(recordLabel({ ...translated, names: {} }, t)).toBe('Categoria #12');
  });

  it('tells a deletion for good from a deactivation, and links no longer to a deleted record', () => {
    const deleted = event({
      action: 'deleteCategoriesById',
      changes: [{ table: 'categories', rowKey: '12', kind: 'deleted', fields: [] }],
    });
    expect(actionKind(deleted)).toBe('deleted');
    expect(recordPath(deleted)).toBeUndefined();
    expect(actionKind(event({ action: 'deleteCategoriesById' }))).toBe('deactivated');
    expect(actionKind(event({ action: 'somethingNew' }))).toBe('changed');
  });

  it('names who acted: the account, an anonymous caller, or the system for jobs', () => {
    expect(actorLabel(event({}), t)).toBe('Ana Lima');
    expect(actorLabel(event({ actor: null, action: 'postUsuarioCadastro' }), t)).toBe('Anônimo');
    expect(actorLabel(event({ actor: null, ip: null, userAgent: null, action: 'retention' }), t)).toBe(
      'Sistema',
    );
  });
});
