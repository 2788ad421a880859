import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandLogo } from '../../../components/brand-logo.tsx';
import { LanguageSwitcher } from '../../../components/language-switcher.tsx';
import { Notice } from '../../../components/notice.tsx';
import { PlainIcon } from '../../../components/plain-icon.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { usePublicConfig } from '../../auth/api/get-public-config.ts';
import { ContactPersons } from '../components/contact-persons.tsx';
import { RetentionPeriods } from '../components/retention-periods.tsx';
import './privacy-policy-page.css';

type PolicySection = {
  title: string;
  paragraphs: string[];
  /** The section whose periods come from the server's configuration, never from this text. */
  hasRetentionPeriods?: boolean;
  /** The section about client companies' contact persons, whose text is the `privacy` namespace's. */
  hasContactPersons?: boolean;
};

const POLICY_LANGUAGE = 'pt-BR';

/**
 * The policy itself is Portuguese in every language (spec §1), so its text is read with a fixed
 * pt-BR translator; only the page's frame follows the chosen language. The retention periods are the
 * ones the server is configured with (GET /api/public-config), stated in the policy and, for readers
 * of another language, in theirs above it; so is what is kept of a client company's contact person.
 */
export default function PrivacyPolicyPage() {
  const { t, i18n } = useTranslation(['privacy', 'privacy-policy']);
  const policy = i18n.getFixedT(POLICY_LANGUAGE, 'privacy-policy');
  const policyPrivacy = i18n.getFixedT(POLICY_LANGUAGE, 'privacy');
  usePageTitle(t('title'));
  const sections = policy('sections', { returnObjects: true }) as PolicySection[];
  const notice = t('languageNotice');
  const config = usePublicConfig();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const retention = { retention: config.data?.retention, isLoading: config.isPending };

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
        {language !== POLICY_LANGUAGE && (
          <section className="policy-card policy-retention-summary" aria-labelledby="retention-summary-title">
            <h2 id="retention-summary-title">{t('retention.title')}</h2>
            <p>{t('retention.intro')}</p>
            <RetentionPeriods t={t} language={language} {...retention} />
          </section>
        )}
        {language !== POLICY_LANGUAGE && (
          <section className="policy-card policy-retention-summary" aria-labelledby="contacts-summary-title">
            <h2 id="contacts-summary-title">{t('contacts.title')}</h2>
            <ContactPersons t={t} language={language} />
          </section>
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
              {section.hasRetentionPeriods && (
                <RetentionPeriods t={policyPrivacy} language={POLICY_LANGUAGE} {...retention} />
              )}
              {section.hasContactPersons && <ContactPersons t={policyPrivacy} language={POLICY_LANGUAGE} />}
            </section>
          ))}
        </article>
      </main>
    </div>
  );
}
