import { INITIATIVE_STATUSES, type InitiativeStatus } from '@scentia/shared/initiatives.rules';
import { INITIATIVE_STATUS_NAMES, type InitiativeChartItem } from '@scentia/shared/initiatives.schemas';
import { Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  INITIATIVE_STATUS_COLORS,
  InitiativeStatusTag,
  useInitiativeStatusName,
} from '../../../components/initiative-status/initiative-status.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { exportInitiatives } from '../api/export-initiatives.ts';
import type { useInitiativeChart } from '../api/get-initiative-chart.ts';
import type { DashboardRequest } from '../api/query-keys.ts';
import { DashboardSection } from './dashboard-section.tsx';
import { DonutChart } from './donut-chart.tsx';
import { useFormats } from './formats.ts';
import { ShareTable } from './share-table.tsx';
import { type View, ViewToggle } from './shots-sections.tsx';

const STATUS_OF_NAME = new Map(
  Object.entries(INITIATIVE_STATUS_NAMES).map(([status, name]) => [name, status as InitiativeStatus]),
);

/** The answer's counts per status code, every status present (0 when the answer leaves one out). */
export function countsByStatus(items: readonly InitiativeChartItem[]): Record<InitiativeStatus, number> {
  const counts = Object.fromEntries(INITIATIVE_STATUSES.map((status) => [status, 0])) as Record<
    InitiativeStatus,
    number
  >;
  for (const item of items) {
    const status = STATUS_OF_NAME.get(item.status);
    if (status) counts[status] += item.totalIniciativas;
  }
  return counts;
}

/**
 * The dashboard variant's pie (spec §2): initiatives by status over the period (GET
 * /api/dashboard/chart-iniciativa), in the spec's status colours, with a legend that writes each
 * status and its count, or the same as a table; its export is the initiatives list's.
 */
export function InitiativesSection({
  query,
  filters,
  isWaiting,
}: {
  query: ReturnType<typeof useInitiativeChart>;
  filters: DashboardRequest;
  isWaiting: boolean;
}) {
  const { t } = useTranslation(['dashboard-initiatives', 'dashboard']);
  const statusName = useInitiativeStatusName();
  const formats = useFormats();
  const [view, setView] = useState<View>('chart');
  const [activeKey, setActiveKey] = useState<string>();
  const counts = countsByStatus(query.data ?? []);
  const total = INITIATIVE_STATUSES.reduce((sum, status) => sum + counts[status], 0);
  const rows = INITIATIVE_STATUSES.map((status) => ({
    key: status,
    status,
    name: statusName(status),
    value: counts[status],
    count: formats.number(counts[status]),
    percent: formats.percent(total > 0 ? counts[status] / total : 0),
  }));

  return (
    <DashboardSection
      title={t('chart.title')}
      query={query}
      isWaiting={isWaiting}
      isEmpty={total === 0}
      emptyText={t('chart.empty')}
      onExport={() => exportInitiatives(filters)}
      controls={<ViewToggle value={view} onChange={setView} />}
    >
      <Card
        size="small"
        className="dashboard-card dashboard-card-wide"
        extra={<Link to={PATHS.admin.initiatives.calendar}>{t('chart.calendar')}</Link>}
      >
        {view === 'table' ? (
          <ShareTable
            caption={t('chart.caption')}
            rows={rows}
            subject={{
              title: t('chart.status'),
              dataIndex: 'status',
              render: (status: InitiativeStatus) => <InitiativeStatusTag status={status} />,
            }}
            countTitle={t('chart.initiatives')}
            total={total}
          />
        ) : (
          <div className="dashboard-donut-body">
            <DonutChart
              slices={rows
                .filter((row) => row.value > 0)
                .map((row) => ({
                  key: row.status,
                  value: row.value,
                  color: INITIATIVE_STATUS_COLORS[row.status],
                  title: t('chart.slice', { name: row.name, count: row.count, percent: row.percent }),
                }))}
              centerValue={formats.compact(total)}
              centerLabel={t('chart.initiativesWord', { count: total })}
              activeKey={activeKey}
              onHover={setActiveKey}
            />
            <ul className="dashboard-legend" aria-label={t('chart.caption')}>
              {rows.map((row) => (
                <li key={row.status}>
                  <span
                    className="dashboard-legend-row"
                    onPointerEnter={() => setActiveKey(row.status)}
                    onPointerLeave={() => setActiveKey(undefined)}
                  >
                    <span
                      className="dashboard-legend-swatch"
                      style={{ background: INITIATIVE_STATUS_COLORS[row.status] }}
                      aria-hidden="true"
                    />
                    <span className="dashboard-legend-name">{row.name}</span>
                    <span className="dashboard-legend-figures">
                      {t('dashboard:legendFigures', { count: row.count, percent: row.percent })}
                    </span>
                  </span>
                </li>
              ))}
            </ul>
          </div>
        )}
      </Card>
    </DashboardSection>
  );
}
