import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import type { ImportMode, ImportReport } from '@scentia/shared/record-import.schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Modal, Steps, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message.ts';
import { useFocusReturn } from '../use-focus-return.ts';
import { type Importer, importKeys, isImportRunning } from './import-endpoint.ts';
import { ImportReportView } from './import-report.tsx';
import './import-dialog.css';

/** How often a running import is asked for its progress. */
const POLL_MS = 1_000;
const ACCEPTED = '.xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv';

export type ImportDialogProps = {
  importer: Importer;
  /** The import followed in the page's address (`?import=<id>`): a job, reopened after a reload. */
  importId: string | null;
  onImportIdChange: (id: string | null) => void;
  onClose: () => void;
};

function stepOf(report: ImportReport | undefined): number {
  if (!report) return 0;
  return report.mode === 'check' ? 1 : 2;
}

/**
 * The kit's import dialog: the template, the file, the check (counts and row errors), then the apply,
 * allowed only when the check found no invalid row. A large file answers a job, followed every second
 * (progress bar, cancel) under its id in the page's address; an applied import refreshes the resource.
 */
export default function ImportDialog({ importer, importId, onImportIdChange, onClose }: ImportDialogProps) {
  const { t } = useTranslation('import');
  useFocusReturn();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File>();
  const [answer, setAnswer] = useState<ImportReport>();
  const [sending, setSending] = useState<ImportMode | 'cancel' | 'template'>();
  const [failure, setFailure] = useState<string>();
  const job = useQuery({
    queryKey: importKeys.report(importId ?? ''),
    queryFn: ({ signal }) => importer.report(importId ?? '', signal),
    enabled: importId !== null,
    refetchInterval: (query) => (query.state.data && !isImportRunning(query.state.data) ? false : POLL_MS),
  });
  const report = importId ? job.data : answer;

  // An applied import changes the resource's lists and records: once per import.
  const invalidated = useRef<string>(undefined);
  useEffect(() => {
    if (report?.applied && report.state === 'done' && invalidated.current !== report.id) {
      invalidated.current = report.id;
      void importer.invalidate(queryClient);
    }
  }, [report, importer, queryClient]);

  function choose(next: File | undefined) {
    setFile(next);
    setAnswer(undefined);
    setFailure(undefined);
    if (importId) onImportIdChange(null);
  }

  async function run(action: NonNullable<typeof sending>, call: () => Promise<unknown>, fallback: string) {
    setSending(action);
    setFailure(undefined);
    try {
      await call();
    } catch (error) {
      setFailure(errorMessage(error, t, fallback));
    } finally {
      setSending(undefined);
    }
  }

  function send(mode: ImportMode) {
    if (!file) return;
    void run(
      mode,
      async () => {
        const next = await (mode === 'check' ? importer.check(file) : importer.apply(file));
        if (isImportRunning(next)) {
          queryClient.setQueryData(importKeys.report(next.id), next);
          setAnswer(undefined);
          onImportIdChange(next.id);
        } else {
          setAnswer(next);
          if (importId) onImportIdChange(null);
        }
      },
      t('sendError'),
    );
  }

  function cancel() {
    if (!importId) return;
    void run(
      'cancel',
      async () => {
        await importer.cancel(importId);
        await job.refetch();
      },
      t('cancelError'),
    );
  }

  function downloadTemplate() {
    void run('template', () => importer.downloadTemplate(t('template.fileName')), t('template.error'));
  }

  const isRunning = report !== undefined && isImportRunning(report);
  const isChecked = report?.mode === 'check' && report.state === 'done' && report.counts.invalid === 0;
  const isSameFile = file !== undefined && report?.fileName === file.name;
  const mayApply = isChecked && isSameFile && !isRunning && !sending;
  const loadFailure =
    importId && job.isError && !job.data ? errorMessage(job.error, t, t('loadError')) : undefined;

  const footer = [
    <Button key="close" onClick={onClose}>
      {t('actions.close')}
    </Button>,
    isRunning && importId ? (
      <Button key="cancel" danger onClick={cancel} loading={sending === 'cancel'}>
        {t('actions.cancel')}
      </Button>
    ) : null,
    <Button
      key="check"
      onClick={() => send('check')}
      disabled={!file || isRunning || (sending !== undefined && sending !== 'check')}
      loading={sending === 'check'}
    >
      {t('actions.check')}
    </Button>,
    <Button
      key="apply"
      type="primary"
      onClick={() => send('apply')}
      disabled={!mayApply}
      loading={sending === 'apply'}
    >
      {t('actions.apply')}
    </Button>,
  ];

  return (
    <Modal
      open
      title={t('title')}
      onCancel={onClose}
      footer={footer}
      width={{ xs: '100%', md: 760 }}
      className="import-dialog"
      destroyOnHidden
    >
      <Steps
        size="small"
        className="import-steps"
        current={stepOf(report)}
        items={[{ title: t('steps.file') }, { title: t('steps.check') }, { title: t('steps.apply') }]}
      />
      <p>{t('template.intro')}</p>
      <Button icon={<DownloadOutlined />} onClick={downloadTemplate} loading={sending === 'template'}>
        {t('template.download')}
      </Button>
      <fieldset className="import-file">
        <legend>{t('file.label')}</legend>
        <Upload.Dragger
          accept={ACCEPTED}
          maxCount={1}
          // Nothing is sent on choosing: the file waits for "Check".
          beforeUpload={(chosen) => {
            choose(chosen);
            return false;
          }}
          onRemove={() => choose(undefined)}
          fileList={file ? [{ uid: 'chosen', name: file.name, status: 'done' }] : []}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined aria-hidden="true" />
          </p>
          <p className="ant-upload-text">{t('file.drop')}</p>
        </Upload.Dragger>
      </fieldset>
      {report?.mode === 'check' && isChecked && !isSameFile && (
        <Alert type="info" showIcon title={t('file.chooseAgain', { fileName: report.fileName })} />
      )}
      {(failure ?? loadFailure) && (
        <Alert type="error" showIcon role="alert" title={failure ?? loadFailure} />
      )}
      <div aria-live="polite">{report && <ImportReportView report={report} />}</div>
    </Modal>
  );
}
