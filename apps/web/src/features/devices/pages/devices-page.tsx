import { WifiOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '../../../components/coming-soon-page.tsx';

/** Placeholder until the devices screens arrive (spec §2). */
export default function DevicesPage() {
  const { t } = useTranslation('devices');
  return <ComingSoonPage title={t('title')} description={t('description')} icon={<WifiOutlined />} />;
}
