import type { CampaignRow } from '@scentia/shared/campaigns.schemas';
import { useTranslation } from 'react-i18next';

/** The device collection on the printed sheet: a plain table, since it exists only on paper. */
export function CampaignSlotsTable({ campaign }: { campaign: CampaignRow }) {
  const { t } = useTranslation('campaigns');
  return (
    <table className="campaign-qr-print-only campaign-qr-slots">
      <caption>{t('qr.slotsTitle')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('qr.slot')}</th>
          <th scope="col">{t('qr.fragrance')}</th>
          <th scope="col">{t('qr.shotSeconds')}</th>
        </tr>
      </thead>
      <tbody>
        {campaign.collection.map((entry) => (
          <tr key={entry.slot}>
            <td>{entry.slot}</td>
            <td>{entry.fragrance.name}</td>
            <td>{entry.shotSeconds}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
