import { cellContent, columnTitle, type ResourceColumn } from './resource-column.ts';

type RecordDetailsProps<Row> = { columns: readonly ResourceColumn<Row>[]; row: Row; index: number };

/** A row's expansion: the columns its layout folded away, each under its title. */
export function RecordDetails<Row extends object>({ columns, row, index }: RecordDetailsProps<Row>) {
  return (
    <dl className="record-details">
      {columns.map((column, position) => (
        <div key={String(column.key ?? column.dataIndex ?? position)} className="record-details-item">
          <dt>{columnTitle(column)}</dt>
          <dd>{cellContent(column, row, index)}</dd>
        </div>
      ))}
    </dl>
  );
}
