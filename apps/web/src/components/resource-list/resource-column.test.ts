import { describe, expect, it } from 'vitest';
import { cellContent, type ResourceColumn, splitColumns } from './resource-column.ts';

type Row = { id: number; name: string; owner: { name: string } | null; isOnline: boolean };

const columns: ResourceColumn<Row>[] = [
  { key: 'name', dataIndex: 'name', card: 'name' },
  { key: 'owner', dataIndex: ['owner', 'name'], priority: 'low' },
  {
    key: 'online',
    dataIndex: 'isOnline',
    card: 'state',
    render: (isOnline: boolean) => (isOnline ? 'on' : 'off'),
  },
  { key: 'id', dataIndex: 'id' },
];
const keys = (list: ResourceColumn<Row>[]) => list.map((column) => column.key);

describe('splitColumns', () => {
  it('shows every column where they all fit', () => {
    expect(splitColumns(columns, 'wide-table')).toEqual({ shown: columns, folded: [] });
  });

  it('folds the low-priority columns into the expansion on a laptop', () => {
    const { shown, folded } = splitColumns(columns, 'table');
    expect(keys(shown)).toEqual(['name', 'online', 'id']);
    expect(keys(folded)).toEqual(['owner']);
  });

  it("keeps a phone's card to the name and the states, the rest folded", () => {
    const { shown, folded } = splitColumns(columns, 'cards');
    expect(keys(shown)).toEqual(['name', 'online']);
    expect(keys(folded)).toEqual(['owner', 'id']);
  });
});

describe('cellContent', () => {
  const row: Row = { id: 7, name: 'Loja', owner: { name: 'Ana' }, isOnline: true };

  it("reads the column's value by its path and renders it as the table would", () => {
    expect(cellContent(columns[1] as ResourceColumn<Row>, row, 0)).toBe('Ana');
    expect(cellContent(columns[2] as ResourceColumn<Row>, row, 0)).toBe('on');
  });

  it('shows nothing for a missing parent instead of failing', () => {
    expect(cellContent(columns[1] as ResourceColumn<Row>, { ...row, owner: null }, 0)).toBeUndefined();
  });
});
