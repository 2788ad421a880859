import { LANGUAGES, SHORT_LANGUAGE } from '@scentia/shared/locales';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage } from '../lib/i18n.ts';
import './public-ui.css';

/**
 * Three short options (PT / EN / ES): visible at a glance and one click to switch. Native radio
 * buttons give keyboard and screen-reader support for free, and no UI library is needed, which
 * keeps the login page light. Each option carries the language's own name for screen readers.
 */
export function LanguageSwitcher({ size = 'middle' }: { size?: 'small' | 'middle' }) {
  const { t } = useTranslation();
  const name = useId();
  const language = currentLanguage();
  return (
    <fieldset className={`lang-switch${size === 'small' ? ' is-small' : ''}`}>
      <legend className="visually-hidden">{t('language.label')}</legend>
      {LANGUAGES.map((value) => (
        <label
          key={value}
          className={value === language ? 'is-active' : undefined}
          title={t(`language.${value}`)}
        >
          <input
            type="radio"
            name={name}
            value={value}
            checked={value === language}
            onChange={() => {
              void changeLanguage(value);
            }}
          />
          <span aria-hidden="true">{SHORT_LANGUAGE[value].toUpperCase()}</span>
          <span className="visually-hidden" lang={value}>
            {t(`language.${value}`)}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
