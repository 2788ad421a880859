import { DownloadOutlined } from '@ant-design/icons';
import type { BulkRowResult } from '@scentia/shared/record-bulk.schemas';
import { Alert, Button, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import './bulk.css';
import { currentLanguage } from '../../lib/i18n.ts';
import { saveFile } from '../../lib/save-file.ts';
import { BULK_OUTCOMES, type BulkRunResult, bulkResultCsv, countOutcomes } from './bulk-run.ts';

type BulkResultProps = {
  run: BulkRunResult;
  /** Why the run stopped before its end (a chunk the server refused, a lost connection). */
  failure?: string;
  /** The file's name without extension (`resultado-desativar`). */
  fileName: string;
};

/**
 * What a bulk action did: the count of each outcome, the refused rows with their reason, the rows
 * a cancel left unsent, and the whole result as a CSV built in the browser.
 */
export function BulkResult({ run, failure, fileName }: BulkResultProps) {
  const { t } = useTranslation('bulk');
  const counts = countOutcomes(run.results);
  const refused = run.results.filter(
    (result) => result.outcome === 'refused' || result.outcome === 'notFound',
  );

  function download() {
    const csv = bulkResultCsv(run.results, {
      header: [t('csv.id'), t('csv.name'), t('csv.outcome'), t('csv.message')],
      outcome: (outcome) => t(`outcome.${outcome}`),
      separator: currentLanguage() === 'en-US' ? ',' : ';',
    });
    saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), `${fileName}.csv`);
  }

  return (
    <div className="bulk-result">
      {failure && <Alert type="error" showIcon title={t('result.stopped')} description={failure} />}
      <ul className="bulk-result-counts" aria-label={t('result.countsLabel')}>
        {BULK_OUTCOMES.map((outcome) => (
          <li key={outcome} data-outcome={outcome}>
            <span className="bulk-result-count">{counts[outcome]}</span> {t(`outcomes.${outcome}`)}
          </li>
        ))}
        {run.notSent.length > 0 && (
          <li data-outcome="notSent">
            <span className="bulk-result-count">{run.notSent.length}</span> {t('outcomes.notSent')}
          </li>
        )}
      </ul>
      {refused.length > 0 && (
        <Table<BulkRowResult>
          className="bulk-result-refused"
          size="small"
          rowKey="id"
          title={() => <h3 className="bulk-result-heading">{t('result.refusedTitle')}</h3>}
          dataSource={refused}
          pagination={refused.length > 5 ? { pageSize: 5, showSizeChanger: false } : false}
          columns={[
            { key: 'name', title: t('csv.name'), render: (_value, row) => row.name ?? `#${row.id}` },
            {
              key: 'message',
              title: t('csv.message'),
              render: (_value, row) => row.message ?? t(`outcome.${row.outcome}`),
            },
          ]}
        />
      )}
      <Button icon={<DownloadOutlined />} onClick={download} disabled={run.results.length === 0}>
        {t('result.download')}
      </Button>
    </div>
  );
}
