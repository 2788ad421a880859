import { useTranslation } from 'react-i18next';
import { PlainIcon } from '../../../components/plain-icon.tsx';
import { usePublicConfig } from '../api/get-public-config.ts';

/** The mobile-app mention of the login page (spec §1), with the store URLs served by the API. */
export function StoreLinks() {
  const { t } = useTranslation('auth');
  const { data } = usePublicConfig();
  return (
    <section className="auth-mobile" aria-labelledby="mobile-app-title">
      <h2 id="mobile-app-title">{t('mobileApp.title')}</h2>
      <p>{t('mobileApp.text')}</p>
      {data && (
        <div className="store-links">
          <a className="store-link" href={data.appStoreUrl} target="_blank" rel="noopener noreferrer">
            <PlainIcon name="apple" size={22} />
            <span>
              <small>{t('mobileApp.storeCaption')}</small>
              <strong>App Store</strong>
              <span className="visually-hidden">{t('mobileApp.appStore')}</span>
            </span>
          </a>
          <a className="store-link" href={data.googlePlayUrl} target="_blank" rel="noopener noreferrer">
            <PlainIcon name="android" size={22} />
            <span>
              <small>{t('mobileApp.storeCaption')}</small>
              <strong>Google Play</strong>
              <span className="visually-hidden">{t('mobileApp.googlePlay')}</span>
            </span>
          </a>
        </div>
      )}
    </section>
  );
}
