import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandLogo } from '../../../components/brand-logo.tsx';
import { LanguageSwitcher } from '../../../components/language-switcher.tsx';
import { PlainIcon } from '../../../components/plain-icon.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { BrandIllustration } from './brand-illustration.tsx';
import './auth-layout.css';

/**
 * The public pages' frame: an orange brand panel on the left (hidden on narrow screens, where the
 * logo moves to the top bar) and the page's content on the right.
 */
export function AuthLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('auth');
  return (
    <div className="auth-layout">
      <aside className="auth-brand" aria-label={t('common:productTagline')}>
        <BrandLogo size={40} isInverted />
        <div className="auth-brand-body">
          <BrandIllustration />
          <p className="auth-brand-headline">{t('brand.headline')}</p>
          <p className="auth-brand-text">{t('brand.text')}</p>
          <ul className="auth-brand-features">
            {(['featureCampaigns', 'featureQuiz', 'featureStats'] as const).map((key) => (
              <li key={key}>
                <PlainIcon name="check-circle" className="auth-brand-check" /> {t(`brand.${key}`)}
              </li>
            ))}
          </ul>
        </div>
        <p className="auth-brand-caption">{t('common:productTagline')}</p>
      </aside>
      <main className="auth-main">
        <div className="auth-topbar">
          <span className="auth-topbar-logo">
            <BrandLogo size={32} />
          </span>
          <LanguageSwitcher />
        </div>
        <div className="auth-content">{children}</div>
        <footer className="auth-footer">
          <span>{t('common:footer.rights', { year: new Date().getFullYear() })}</span>
          <Link to={PATHS.privacyPolicy}>{t('common:footer.privacy')}</Link>
        </footer>
      </main>
    </div>
  );
}
