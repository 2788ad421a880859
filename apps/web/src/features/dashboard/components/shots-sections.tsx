import { Card, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { exportShotCampaign } from '../api/export-shot-campaign.ts';
import { exportShotFragrance } from '../api/export-shot-fragrance.ts';
import type { useShotsCampaign } from '../api/get-shots-campaign.ts';
import type { useShotsFragrance } from '../api/get-shots-fragrance.ts';
import type { DashboardRequest } from '../api/query-keys.ts';
import { campaignDevicesPath, fragranceCapsulesPath } from '../slice-links.ts';
import { DashboardSection } from './dashboard-section.tsx';
import { type FragranceShare, ShotsDonut } from './shots-donut.tsx';

export type View = 'chart' | 'table';

/** Chart or table: the same figures, the table for those who cannot tell the slices apart. */
export function ViewToggle({ value, onChange }: { value: View; onChange: (view: View) => void }) {
  const { t } = useTranslation('dashboard');
  return (
    <Segmented<View>
      value={value}
      onChange={onChange}
      aria-label={t('view.label')}
      options={[
        { value: 'chart', label: t('view.chart') },
        { value: 'table', label: t('view.table') },
      ]}
    />
  );
}

/**
 * Shots per fragrance for each campaign (GET /api/shots-campaign?limit=true): a donut per campaign,
 * most shots first. A slice, or the card's link, opens the devices playing the campaign with the
 * dashboard's filters, each with its shots in the period.
 */
export function CampaignsSection({
  query,
  filters,
}: {
  query: ReturnType<typeof useShotsCampaign>;
  filters: DashboardRequest;
}) {
  const { t } = useTranslation('dashboard');
  const [view, setView] = useState<View>('chart');
  const campaigns = query.data ?? [];
  return (
    <DashboardSection
      title={t('campaigns.title')}
      query={query}
      isEmpty={campaigns.length === 0}
      emptyText={t('campaigns.empty')}
      onExport={() => exportShotCampaign(filters)}
      controls={<ViewToggle value={view} onChange={setView} />}
    >
      <ul className="dashboard-cards">
        {campaigns.map((campaign) => {
          const devices = campaignDevicesPath(campaign.campaignId, filters);
          const shares: FragranceShare[] = campaign.fragrances.map((fragrance) => ({
            fragranceId: fragrance.fragranceId,
            name: fragrance.fragranceName,
            shots: fragrance.shotsTotalFragrance,
          }));
          return (
            <li key={campaign.campaignId}>
              <Card
                size="small"
                className="dashboard-card"
                title={
                  <h3 className="dashboard-card-title" title={campaign.campaignName}>
                    {campaign.campaignName}
                  </h3>
                }
                extra={
                  <Link to={devices} aria-label={t('campaigns.devicesOf', { name: campaign.campaignName })}>
                    {t('campaigns.devices')}
                  </Link>
                }
              >
                <ShotsDonut
                  caption={t('campaigns.caption', { name: campaign.campaignName })}
                  shares={shares}
                  linkOf={() => devices}
                  hasLegendLinks={false}
                  isTable={view === 'table'}
                />
              </Card>
            </li>
          );
        })}
      </ul>
    </DashboardSection>
  );
}

/**
 * Total shots per fragrance (GET /api/shots-fragrance?limit=true): one donut; a slice or a legend row
 * opens the capsules of that fragrance with the dashboard's filters, each with its shots in the period
 * ("others" opens nothing: it is many fragrances).
 */
export function FragrancesSection({
  query,
  filters,
  isWaiting,
}: {
  query: ReturnType<typeof useShotsFragrance>;
  filters: DashboardRequest;
  isWaiting: boolean;
}) {
  const { t } = useTranslation('dashboard');
  const [view, setView] = useState<View>('chart');
  const fragrances = query.data ?? [];
  return (
    <DashboardSection
      title={t('fragrances.title')}
      query={query}
      isWaiting={isWaiting}
      isEmpty={fragrances.length === 0}
      emptyText={t('fragrances.empty')}
      onExport={() => exportShotFragrance(filters)}
      controls={<ViewToggle value={view} onChange={setView} />}
    >
      <Card size="small" className="dashboard-card dashboard-card-wide">
        <ShotsDonut
          caption={t('fragrances.caption')}
          shares={fragrances.map((fragrance) => ({
            fragranceId: fragrance.fragranceId,
            name: fragrance.fragranceName,
            shots: fragrance.shotsTotal,
          }))}
          linkOf={(share) =>
            share.fragranceId === null ? undefined : fragranceCapsulesPath(share.fragranceId, filters)
          }
          hasLegendLinks
          isTable={view === 'table'}
        />
      </Card>
    </DashboardSection>
  );
}
