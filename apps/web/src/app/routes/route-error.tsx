import { useTranslation } from 'react-i18next';

/**
 * Shown when a page fails to render or its chunk cannot be downloaded (typically right after a
 * new version was deployed): a reload fetches the current files. Plain markup on purpose: it is
 * part of the entry chunk, which every page pays for.
 */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <main className="route-error">
      <h1>{t('errors.generic')}</h1>
      <button type="button" onClick={() => window.location.reload()}>
        {t('actions.reload')}
      </button>
    </main>
  );
}
