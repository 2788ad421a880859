import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { fragranceColor } from '../fragrance-colors.ts';
import { DonutChart } from './donut-chart.tsx';
import { useFormats } from './formats.ts';
import { ShareTable } from './share-table.tsx';

/** One fragrance's shots in a chart; `fragranceId` null is the "others" slice of a limited answer. */
export type FragranceShare = { fragranceId: number | null; name: string; shots: number };

type ShotsDonutProps = {
  /** Names the chart's table and legend ("Shots per fragrance — Summer campaign"). */
  caption: string;
  shares: FragranceShare[];
  /** Where a slice leads, if anywhere (the campaign's devices, the fragrance's capsules). */
  linkOf: (share: FragranceShare) => string | undefined;
  /** The legend's rows are links to `linkOf` (else the card links once, elsewhere). */
  hasLegendLinks: boolean;
  /** Shows the table in place of the donut and its legend. */
  isTable: boolean;
};

const keyOf = (share: FragranceShare) => (share.fragranceId === null ? 'others' : String(share.fragranceId));

/**
 * A donut of shots per fragrance with a legend readable without colour (name, count, share), or, as
 * chosen, the same figures as a table. Each fragrance keeps its colour everywhere (`fragranceColor`).
 */
export function ShotsDonut({ caption, shares, linkOf, hasLegendLinks, isTable }: ShotsDonutProps) {
  const { t } = useTranslation('dashboard');
  const formats = useFormats();
  const navigate = useNavigate();
  const [activeKey, setActiveKey] = useState<string>();
  const total = shares.reduce((sum, share) => sum + share.shots, 0);
  const rows = shares.map((share) => ({
    ...share,
    key: keyOf(share),
    color: fragranceColor(share.fragranceId),
    count: formats.number(share.shots),
    percent: formats.percent(total > 0 ? share.shots / total : 0),
    href: linkOf(share),
  }));

  if (isTable) {
    return (
      <ShareTable
        caption={caption}
        rows={rows}
        subject={{
          title: t('table.fragrance'),
          dataIndex: 'name',
          render: (name: string, row) => (row.href ? <Link to={row.href}>{name}</Link> : name),
        }}
        countTitle={t('table.shots')}
        total={total}
      />
    );
  }

  const byKey = new Map(rows.map((row) => [row.key, row]));
  return (
    <div className="dashboard-donut-body">
      <DonutChart
        slices={rows.map((row) => ({
          key: row.key,
          value: row.shots,
          color: row.color,
          title: t('slice', { name: row.name, count: row.count, percent: row.percent }),
        }))}
        centerValue={formats.compact(total)}
        centerLabel={t('shotsWord', { count: total })}
        activeKey={activeKey}
        onHover={setActiveKey}
        onOpen={(key) => {
          const href = byKey.get(key)?.href;
          if (href) void navigate(href);
        }}
      />
      <ul className="dashboard-legend" aria-label={caption}>
        {rows.map((row) => {
          const content = (
            <>
              <span
                className="dashboard-legend-swatch"
                style={{ background: row.color }}
                aria-hidden="true"
              />
              <span className="dashboard-legend-name">{row.name}</span>
              <span className="dashboard-legend-figures">
                {t('legendFigures', { count: row.count, percent: row.percent })}
              </span>
            </>
          );
          const highlight = {
            onPointerEnter: () => setActiveKey(row.key),
            onPointerLeave: () => setActiveKey(undefined),
            onFocus: () => setActiveKey(row.key),
            onBlur: () => setActiveKey(undefined),
          };
          return (
            <li key={row.key}>
              {hasLegendLinks && row.href ? (
                <Link to={row.href} className="dashboard-legend-row" {...highlight}>
                  {content}
                </Link>
              ) : (
                <span className="dashboard-legend-row" {...highlight}>
                  {content}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
