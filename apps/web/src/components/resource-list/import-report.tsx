import { DownloadOutlined } from '@ant-design/icons';
import type { ImportReport } from '@scentia/shared/record-import.schemas';
import { Alert, Button, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../lib/save-file.ts';
import { importErrorsCsv } from './import-errors-csv.ts';
import { ImportProgress } from './import-progress.tsx';

const COUNTS = ['insert', 'update', 'unchanged', 'invalid'] as const;

/** The rows a check or an apply counted: to insert, update, leave unchanged, and refused. */
function ImportCounts({ report }: { report: ImportReport }) {
  const { t } = useTranslation('import');
  const prefix = report.applied ? 'counts.applied' : 'counts';
  return (
    <section aria-label={t('counts.title')}>
      <dl className="import-counts">
        {COUNTS.map((count) => (
          <div key={count} className={`import-count import-count-${count}`}>
            <dt>{t(`${prefix}.${count}`)}</dt>
            <dd>{report.counts[count].toLocaleString()}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The refused cells: a table of row, column and message, and the same as a CSV to download. */
function ImportErrors({ report }: { report: ImportReport }) {
  const { t } = useTranslation('import');
  const headings = { row: t('errors.row'), column: t('errors.column'), message: t('errors.message') };
  const rows = report.errors.map((error, index) => ({ ...error, key: index }));
  function download() {
    const csv = importErrorsCsv(report.errors, headings, t('errors.wholeRow'));
    saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), t('errors.fileName'));
  }
  return (
    <section className="import-errors" aria-label={t('errors.title')}>
      <Alert type="warning" showIcon title={t('errors.fixAndRetry')} />
      {report.errorsTruncated && (
        <p className="import-errors-truncated">{t('errors.truncated', { count: report.errors.length })}</p>
      )}
      <Button icon={<DownloadOutlined />} onClick={download}>
        {t('actions.downloadErrors')}
      </Button>
      <Table
        size="small"
        dataSource={rows}
        pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
        columns={[
          { key: 'row', title: headings.row, dataIndex: 'row', width: 72 },
          {
            key: 'column',
            title: headings.column,
            dataIndex: 'columnLabel',
            render: (label: string | null) => label ?? t('errors.wholeRow'),
          },
          { key: 'message', title: headings.message, dataIndex: 'message' },
        ]}
      />
    </section>
  );
}

/** What an import answered: its progress while it runs, then its state, counts and row errors. */
export function ImportReportView({ report }: { report: ImportReport }) {
  const { t } = useTranslation('import');
  if (report.state === 'queued' || report.state === 'running') return <ImportProgress report={report} />;
  if (report.state === 'failed')
    return <Alert type="error" showIcon role="alert" title={t('state.failed')} />;
  if (report.state === 'cancelled') return <Alert type="warning" showIcon title={t('state.cancelled')} />;
  return (
    <>
      {report.applied && <Alert type="success" showIcon title={t('state.done')} />}
      <ImportCounts report={report} />
      {report.mode === 'check' && report.counts.invalid === 0 && (
        <Alert type="success" showIcon title={t('ready')} />
      )}
      {report.errors.length > 0 && <ImportErrors report={report} />}
    </>
  );
}
