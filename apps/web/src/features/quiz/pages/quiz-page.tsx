import { QuestionCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '../../../components/coming-soon-page.tsx';

/** Placeholder until the quiz screens arrive (spec §2). */
export default function QuizPage() {
  const { t } = useTranslation('quiz');
  return (
    <ComingSoonPage title={t('title')} description={t('description')} icon={<QuestionCircleOutlined />} />
  );
}
