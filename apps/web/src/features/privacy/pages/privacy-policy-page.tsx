import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandLogo } from '../../../components/brand-logo.tsx';
import { LanguageSwitcher } from '../../../components/language-switcher.tsx';
import { Notice } from '../../../components/notice.tsx';
import { PlainIcon } from '../../../components/plain-icon.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import './privacy-policy-page.css';

type PolicySection = { title: string; paragraphs: string[] };

/**
 * The policy itself is Portuguese in every language (spec §1), so its text is read with a fixed
 * pt-BR translator; only the page's frame follows the chosen language.
 */
export default function PrivacyPolicyPage() {
  const { t, i18n } = useTranslation(['privacy', 'privacy-policy']);
  const policy = i18n.getFixedT('pt-BR', 'privacy-policy');
  usePageTitle(t('title'));
  const sections = policy('sections', { returnObjects: true }) as PolicySection[];
  const notice = t('languageNotice');

  return (
    <div className="policy-page">
      <header className="policy-topbar">
        <Link to={PATHS.auth.login} aria-label={t('common:actions.backToLogin')}>
          <BrandLogo size={32} />
        </Link>
        <LanguageSwitcher size="small" />
      </header>
      <main className="policy-main">
        <Link to={PATHS.auth.login} className="policy-back">
          <PlainIcon name="arrow-left" /> {t('common:actions.backToLogin')}
        </Link>
        {notice && (
          <div className="policy-notice">
            <Notice type="info">{notice}</Notice>
          </div>
        )}
        <article className="policy-card" lang="pt-BR">
          <h1>{policy('title', { ns: 'privacy' })}</h1>
          <p className="policy-updated">{policy('updatedAt')}</p>
          <p>{policy('intro')}</p>
          {sections.map((section) => (
            <section key={section.title}>
              <h2>{section.title}</h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </section>
          ))}
        </article>
      </main>
    </div>
  );
}
