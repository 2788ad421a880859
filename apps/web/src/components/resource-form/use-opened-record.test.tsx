// @vitest-environment jsdom

import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type RecordQuery, useOpenedRecord } from './use-opened-record.ts';

type Row = { id: number; name: string; schedule: string; updatedAt: string };

const loaded: Row = { id: 7, name: 'Loja', schedule: 'none', updatedAt: '2026-11-28T10:00:00.000Z' };

function queryOf(row: Row): RecordQuery<Row> {
  return { data: row, isError: false, error: undefined, refetch: async () => ({ data: row }) };
}

describe('useOpenedRecord', () => {
  it("takes in a card's save with its new version, keeping the form (same revision)", () => {
    const { result } = renderHook(() => useOpenedRecord(queryOf(loaded), 7, (row) => row.id));
    const revision = result.current?.revision;
    act(() => result.current?.adopt({ schedule: 'Fri 22:00–02:00', updatedAt: '2026-11-28T10:05:00.000Z' }));
    expect(result.current?.row).toEqual({
      ...loaded,
      schedule: 'Fri 22:00–02:00',
      updatedAt: '2026-11-28T10:05:00.000Z',
    });
    expect(result.current?.revision).toBe(revision);
  });

  it('keeps the version it was opened with when the query reads a newer one in the background', () => {
    let query = queryOf(loaded);
    const { result, rerender } = renderHook(() => useOpenedRecord(query, 7, (row) => row.id));
    query = queryOf({ ...loaded, updatedAt: '2026-11-28T11:00:00.000Z' });
    rerender();
    expect(result.current?.row.updatedAt).toBe(loaded.updatedAt);
  });
});
