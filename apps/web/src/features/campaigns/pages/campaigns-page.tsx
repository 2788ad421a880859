import { RocketOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '../../../components/coming-soon-page.tsx';

/** Placeholder until the campaigns screens arrive (spec §2). */
export default function CampaignsPage() {
  const { t } = useTranslation('campaigns');
  return <ComingSoonPage title={t('title')} description={t('description')} icon={<RocketOutlined />} />;
}
