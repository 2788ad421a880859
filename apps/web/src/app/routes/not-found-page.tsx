import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../lib/paths.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

/** Unknown /admin/* paths (spec §2): a title and a 'nothing here' text. */
export default function NotFoundPage() {
  const { t } = useTranslation('shell');
  usePageTitle(t('notFound.title'));
  return (
    <Result
      status="404"
      title={<h1 className="result-title">{t('notFound.title')}</h1>}
      subTitle={t('notFound.text')}
      extra={
        <Link to={PATHS.admin.home}>
          <Button type="primary">{t('common:actions.backToHome')}</Button>
        </Link>
      }
    />
  );
}
