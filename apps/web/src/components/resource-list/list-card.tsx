import type { ReactNode } from 'react';
import { cellContent, type ResourceColumn } from './resource-column.ts';

type ListCardProps<Row> = {
  columns: readonly ResourceColumn<Row>[];
  row: Row;
  index: number;
  /** The row's actions (edit first), beside the name. */
  actions?: ReactNode;
};

/** A record on a phone: its name, its actions beside it, its states under it (the rest is in its expansion). */
export function ListCard<Row extends object>({ columns, row, index, actions }: ListCardProps<Row>) {
  const name = columns.find((column) => column.card === 'name');
  const states = columns.filter((column) => column.card === 'state');
  const ownActions = columns.filter((column) => column.card === 'action');
  return (
    <div className="list-card">
      <div className="list-card-head">
        <span className="list-card-name">{name && cellContent(name, row, index)}</span>
        <span className="list-card-actions">
          {ownActions.map((column, position) => (
            <span key={String(column.key ?? column.dataIndex ?? position)}>
              {cellContent(column, row, index)}
            </span>
          ))}
          {actions}
        </span>
      </div>
      {states.length > 0 && (
        <div className="list-card-states">
          {states.map((column, position) => (
            <span key={String(column.key ?? column.dataIndex ?? position)}>
              {cellContent(column, row, index)}
            </span>
          ))}
        </div>
      )}
    </div>
  );
}
