import type { TableColumnType } from 'antd';
import type { ReactNode } from 'react';

/**
 * A list's column. `sortKey` makes it sortable on the server by that `orderBy` value.
 *
 * `priority: 'low'` is what a list gives up first where its columns do not all fit (a 1280 px laptop
 * beside the side menu): the column then shows in the row's expansion instead of its own column.
 *
 * `card` is the column's place on a phone, where each record is a card: its `name` (the card's title),
 * one of its `state`s (active, online, level, status) under it, or an `action` of its own (a campaign's
 * QR code) beside the row actions. Every other column goes into the card's expansion.
 */
export type ResourceColumn<Row> = TableColumnType<Row> & {
  sortKey?: string;
  priority?: 'low';
  card?: 'name' | 'state' | 'action';
};

/** How a list lays its records out, from the width of the window. */
export type ListLayout = 'cards' | 'table' | 'wide-table';

/** The columns a layout shows as columns, and those it folds into the row's expansion. */
export function splitColumns<Row>(
  columns: readonly ResourceColumn<Row>[],
  layout: ListLayout,
): { shown: ResourceColumn<Row>[]; folded: ResourceColumn<Row>[] } {
  if (layout === 'wide-table') return { shown: [...columns], folded: [] };
  const isShown = (column: ResourceColumn<Row>) =>
    layout === 'cards' ? column.card !== undefined : column.priority !== 'low';
  return { shown: columns.filter(isShown), folded: columns.filter((column) => !isShown(column)) };
}

function valueAt(row: object, dataIndex: TableColumnType<object>['dataIndex']): unknown {
  if (dataIndex === undefined) return undefined;
  const path = Array.isArray(dataIndex) ? dataIndex : [dataIndex];
  let value: unknown = row;
  for (const key of path) value = (value as Record<PropertyKey, unknown> | null | undefined)?.[key];
  return value;
}

/** What `column` shows for `row`, outside the table's own cell (a card, an expansion). */
export function cellContent<Row extends object>(
  column: ResourceColumn<Row>,
  row: Row,
  index: number,
): ReactNode {
  const value = valueAt(row, column.dataIndex as TableColumnType<object>['dataIndex']);
  const rendered = column.render ? column.render(value, row, index) : value;
  // antd also lets a render answer `{ children, props }` (cell spans); only the content matters here.
  if (
    rendered &&
    typeof rendered === 'object' &&
    'children' in rendered &&
    'props' in rendered &&
    !('type' in rendered)
  ) {
    return rendered.children as ReactNode;
  }
  return rendered as ReactNode;
}

/** The column's title as text, for a label outside the header (the phone's sort, an expansion). */
export function columnTitle<Row>(column: ResourceColumn<Row>): ReactNode {
  return typeof column.title === 'function' ? column.title({}) : column.title;
}
