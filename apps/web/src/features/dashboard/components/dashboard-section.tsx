import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Spin, Typography } from 'antd';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-error.ts';
import { errorMessage } from '../../../lib/error-message.ts';

/** What a section reads of its query (TanStack Query's result). */
type SectionQuery = {
  data: unknown;
  error: unknown;
  isError: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  refetch: () => Promise<unknown>;
};

type DashboardSectionProps = {
  title: string;
  query: SectionQuery;
  /** Whether the answer has nothing to show (no shots in the period, no sites). */
  isEmpty: boolean;
  emptyText: string;
  /** Downloads the section's spreadsheet with the current filters. */
  onExport: () => Promise<void>;
  /** Controls beside the refresh and export buttons (chart or table, per organisation or location). */
  controls?: ReactNode;
  /** Until the section's turn comes (the campaigns first, then the rest), it shows as loading. */
  isWaiting?: boolean;
  children: ReactNode;
};

/**
 * One block of the dashboard: a heading with refresh and Excel export, and the states of its data:
 * loading, the spec's failure text (§8) with a retry, empty, or the figures (dimmed while other
 * filters load). A refresh that fails keeps the figures under the failure.
 */
export function DashboardSection(props: DashboardSectionProps) {
  const { title, query, isEmpty, emptyText, onExport, controls, isWaiting = false, children } = props;
  const { t } = useTranslation('dashboard');
  const { modal } = App.useApp();
  const headingId = useId();
  const exporter = useMutation({ mutationFn: onExport });
  const hasData = query.data !== undefined;
  const isRefreshing = query.isFetching && !query.isPlaceholderData;

  function download() {
    exporter.mutate(undefined, {
      onError: (error) =>
        modal.error({
          title: t('common:list.exportErrorTitle'),
          content: errorMessage(error, t, t('common:list.exportError')),
          centered: true,
        }),
    });
  }

  return (
    <section className="dashboard-section" aria-labelledby={headingId}>
      <header className="dashboard-section-header">
        <Typography.Title level={2} id={headingId} className="dashboard-section-title">
          {title}
        </Typography.Title>
        <div className="dashboard-section-controls">
          {controls}
          <Button
            icon={<ReloadOutlined />}
            loading={isRefreshing}
            disabled={isWaiting}
            onClick={() => void query.refetch()}
          >
            {t('common:list.refresh')}
          </Button>
          <Button
            icon={<DownloadOutlined />}
            loading={exporter.isPending}
            disabled={!hasData || isEmpty}
            onClick={download}
          >
            {t('export')}
          </Button>
        </div>
      </header>
      {query.isError && (
        <Alert
          type="error"
          showIcon
          title={t('loadError')}
          description={isApiError(query.error) && query.error.message ? query.error.message : undefined}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              {t('common:actions.retry')}
            </Button>
          }
        />
      )}
      {!hasData && !query.isError ? (
        <div className="dashboard-loading" role="status">
          <Spin />
          <span>{t('loading')}</span>
        </div>
      ) : hasData && isEmpty ? (
        <p className="dashboard-empty">{emptyText}</p>
      ) : hasData ? (
        <div
          className={query.isPlaceholderData ? 'dashboard-section-body is-stale' : 'dashboard-section-body'}
          aria-busy={query.isFetching}
        >
          {children}
        </div>
      ) : null}
    </section>
  );
}
