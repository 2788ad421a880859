import type { ImportReport } from '@scentia/shared/record-import.schemas';
import { Progress } from 'antd';
import { useTranslation } from 'react-i18next';

/** A running import's progress: the rows processed of the file's total, as a bar and in words. */
export function ImportProgress({ report }: { report: ImportReport }) {
  const { t } = useTranslation('import');
  const { processed, total } = report;
  const percent = total ? Math.min(100, Math.floor((processed * 100) / total)) : 0;
  const phase =
    report.state === 'queued'
      ? t('progress.queued')
      : report.mode === 'check'
        ? t('progress.checking')
        : t('progress.applying');
  const rows =
    total === null ? t('progress.rowsRead', { processed }) : t('progress.rows', { processed, total });
  return (
    <div className="import-progress">
      <p role="status" className="import-progress-text">
        {phase} {rows}
      </p>
      <Progress percent={percent} status="active" aria-label={t('progress.label')} />
    </div>
  );
}
