import { Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { env } from '../../lib/env.ts';
import { PATHS } from '../../lib/paths.ts';

export function AppFooter() {
  const { t } = useTranslation();
  return (
    <Layout.Footer className="admin-footer">
      <span>{t('footer.rights', { year: new Date().getFullYear() })}</span>
      <span className="admin-footer-links">
        <Link to={PATHS.privacyPolicy}>{t('footer.privacy')}</Link>
        <span>{t('footer.version', { version: env.appVersion })}</span>
      </span>
    </Layout.Footer>
  );
}
