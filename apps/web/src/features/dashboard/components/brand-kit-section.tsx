import { DownloadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Spin, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/date-format.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { downloadBrandKit } from '../api/download-brand-kit.ts';
import { useBrandKit } from '../api/get-brand-kit.ts';
import { MarkdownText } from './markdown-text.tsx';
import './brand-kit.css';

/** 12 345 bytes → "12,1 KB" in the page's language. */
function useFileSize() {
  const { i18n } = useTranslation();
  const kilobytes = new Intl.NumberFormat(i18n.resolvedLanguage ?? i18n.language, {
    style: 'unit',
    unit: 'kilobyte',
    maximumFractionDigits: 1,
  });
  return (bytes: number) => kilobytes.format(bytes / 1024);
}

/**
 * "Download the visual identity" (spec §2): the identity text in the page's language, the files the
 * zip holds, and the zip's download. When the content service is down and no copy is held, the
 * server's own message (503 `CONTENT_UNAVAILABLE`) says so, with a retry.
 */
export function BrandKitSection({ isWaiting }: { isWaiting: boolean }) {
  const { t } = useTranslation(['dashboard-initiatives', 'dashboard']);
  const { modal } = App.useApp();
  const headingId = useId();
  const fileSize = useFileSize();
  const kit = useBrandKit(!isWaiting);
  const download = useMutation({ mutationFn: downloadBrandKit });
  const failure = kit.isError ? errorMessage(kit.error, t, t('brandKit.loadError')) : undefined;

  function save() {
    download.mutate(undefined, {
      onError: (error) =>
        modal.error({
          title: t('brandKit.downloadErrorTitle'),
          content: errorMessage(error, t, t('brandKit.downloadError')),
          centered: true,
        }),
    });
  }

  return (
    <section className="dashboard-section brand-kit" aria-labelledby={headingId}>
      <header className="dashboard-section-header">
        <Typography.Title level={2} id={headingId} className="dashboard-section-title">
          {t('brandKit.title')}
        </Typography.Title>
        <div className="dashboard-section-controls">
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            loading={download.isPending}
            disabled={!kit.isSuccess}
            onClick={save}
          >
            {t('brandKit.download')}
          </Button>
        </div>
      </header>
      {failure !== undefined && (
        <Alert
          type="error"
          showIcon
          title={failure}
          action={
            <Button size="small" onClick={() => void kit.refetch()}>
              {t('common:actions.retry')}
            </Button>
          }
        />
      )}
      {kit.data ? (
        <div className="brand-kit-body">
          <MarkdownText source={kit.data.identityText} headingLevel={3} />
          <div className="brand-kit-files">
            <h3>{t('brandKit.files', { count: kit.data.files.length + 1 })}</h3>
            <ul>
              {kit.data.files.map((file) => (
                <li key={file.name}>
                  <code>{file.name}</code> <span className="brand-kit-size">{fileSize(file.size)}</span>
                </li>
              ))}
              <li>{t('brandKit.textFile')}</li>
            </ul>
            <p className="brand-kit-source">
              {t(`brandKit.source.${kit.data.source}`)} ·{' '}
              {t('brandKit.updatedAt', { date: formatDate(kit.data.updatedAt) })}
            </p>
          </div>
        </div>
      ) : !kit.isError ? (
        <div className="dashboard-loading" role="status">
          <Spin />
          <span>{t('brandKit.loading')}</span>
        </div>
      ) : null}
    </section>
  );
}
