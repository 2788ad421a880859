import { describe, expect, it } from 'vitest';
import { isSameValue, mergeChanges, type StoredChange } from './audit-changes.ts';

const change = (
  tableName: string,
  rowKey: string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): StoredChange => ({ tableName, rowKey, before, after });

describe('mergeChanges', () => {
  it('shows a created row with every field it was given, and none left null', () => {
    const merged = mergeChanges([
      change('categories', '7', null, { id: 7, name: 'Cítricos', deleted_at: null }),
    ]);
    expect(merged).toEqual([
      {
        table: 'categories',
        rowKey: '7',
        kind: 'created',
        fields: [
          { field: 'id', before: null, after: 7 },
          { field: 'name', before: null, after: 'Cítricos' },
        ],
      },
    ]);
  });

  it('shows a deleted row with every field it had', () => {
    const merged = mergeChanges([
      change('categories', '7', { id: 7, name: 'Cítricos', deleted_at: null }, null),
    ]);
    expect(merged).toEqual([
      {
        table: 'categories',
        rowKey: '7',
        kind: 'deleted',
        fields: [
          { field: 'id', before: 7, after: null },
          { field: 'name', before: 'Cítricos', after: null },
        ],
      },
    ]);
  });

  it('shows only the fields an update changed', () => {
    const merged = mergeChanges([
      change(
        'categories',
        '7',
        { id: 7, name: 'Old', deleted_at: null },
        { id: 7, name: 'New', deleted_at: null },
      ),
    ]);
    expect(merged).toEqual([
      {
        table: 'categories',
        rowKey: '7',
        kind: 'updated',
        fields: [{ field: 'name', before: 'Old', after: 'New' }],
      },
    ]);
  });

  it('drops a translation deleted and inserted again unchanged, and keeps the real change', () => {
    const translation = { category_id: 7, language: 'en-US', name: 'Citrus' };
    const merged = mergeChanges([
      change('categories', '7', { id: 7, name: 'Old' }, { id: 7, name: 'New' }),
      change('category_translations', '7,en-US', translation, null),
      change('category_translations', '7,en-US', null, translation),
    ]);
    expect(merged.map((entry) => [entry.table, entry.kind])).toEqual([['categories', 'updated']]);
  });

  it('merges a row written several times: its first before against its last after', () => {
    const merged = mergeChanges([
      change('category_translations', '7,es-ES', { name: 'Uno' }, null),
      change('category_translations', '7,es-ES', null, { name: 'Dos' }),
      change('category_translations', '7,es-ES', { name: 'Dos' }, { name: 'Tres' }),
    ]);
    expect(merged).toEqual([
      {
        table: 'category_translations',
        rowKey: '7,es-ES',
        kind: 'updated',
        fields: [{ field: 'name', before: 'Uno', after: 'Tres' }],
      },
    ]);
  });

  it('leaves out a row created and deleted within the call', () => {
    expect(
      mergeChanges([
        change('campaign_slots', '3,1', null, { slot: 1 }),
        change('campaign_slots', '3,1', { slot: 1 }, null),
      ]),
    ).toEqual([]);
  });

  it('tells rows of different tables with the same key apart, keeping their order', () => {
    const merged = mergeChanges([
      change('fragrances', '5', null, { id: 5 }),
      change('categories', '5', { id: 5, name: 'A' }, { id: 5, name: 'B' }),
    ]);
    expect(merged.map((entry) => `${entry.table}:${entry.kind}`)).toEqual([
      'fragrances:created',
      'categories:updated',
    ]);
  });

  it('reads a field missing on one side as null, and compares structured values by content', () => {
    const merged = mergeChanges([
      change(
        'users',
        '1',
        { id: 1, address: { city: 'Recife' } },
        { id: 1, address: { city: 'Recife' }, phone: '81' },
      ),
    ]);
    expect(merged[0]?.fields).toEqual([{ field: 'phone', before: null, after: '81' }]);
  });
});

describe('isSameValue', () => {
  it('compares JSON values by content', () => {
    expect(isSameValue({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(isSameValue({ a: [1, { b: 2 }] }, { a: [1, { b: 3 }] })).toBe(false);
    expect(isSameValue([1], { 0: 1 })).toBe(false);
    expect(isSameValue(null, 0)).toBe(false);
    expect(isSameValue('1', 1)).toBe(false);
  });
});
