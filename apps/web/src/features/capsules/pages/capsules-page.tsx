import { InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '../../../components/coming-soon-page.tsx';

/** Placeholder until the capsules screens arrive (spec §2). */
export default function CapsulesPage() {
  const { t } = useTranslation('capsules');
  return <ComingSoonPage title={t('title')} description={t('description')} icon={<InboxOutlined />} />;
}
