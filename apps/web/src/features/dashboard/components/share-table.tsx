import { Table, type TableColumnType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormats } from './formats.ts';

/** A chart's row as its table shows it: the count and the share already written for the reader. */
export type ShareRow = { key: string; count: string; percent: string };

type ShareTableProps<T extends ShareRow> = {
  /** Names the table for screen readers (the chart's title). */
  caption: string;
  rows: T[];
  /** What each row is (a fragrance, a status), as its first column. */
  subject: TableColumnType<T>;
  /** The title of the count's column ("Disparos", "Iniciativas"). */
  countTitle: string;
  total: number;
};

/** A donut's figures as a table: what, how many, what share, and the total. */
export function ShareTable<T extends ShareRow>({
  caption,
  rows,
  subject,
  countTitle,
  total,
}: ShareTableProps<T>) {
  const { t } = useTranslation('dashboard');
  const formats = useFormats();
  return (
    <Table<T>
      className="dashboard-donut-table"
      size="small"
      pagination={false}
      rowKey="key"
      dataSource={rows}
      caption={<span className="visually-hidden">{caption}</span>}
      columns={[
        subject,
        { title: countTitle, dataIndex: 'count', align: 'right' },
        { title: t('table.share'), dataIndex: 'percent', align: 'right' },
      ]}
      summary={() => (
        <Table.Summary.Row>
          <Table.Summary.Cell index={0}>{t('table.total')}</Table.Summary.Cell>
          <Table.Summary.Cell index={1} align="right">
            {formats.number(total)}
          </Table.Summary.Cell>
          <Table.Summary.Cell index={2} align="right">
            {formats.percent(1)}
          </Table.Summary.Cell>
        </Table.Summary.Row>
      )}
    />
  );
}
