import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Counts and shares written the way the page's language writes them (1.234 / 1,234; 12,5 %). */
export function useFormats() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => {
    const number = new Intl.NumberFormat(language);
    const compact = new Intl.NumberFormat(language, { notation: 'compact', maximumFractionDigits: 1 });
    const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
    return {
      number: (value: number) => number.format(value),
      /** The donut's hole is narrow: 1,2 mi rather than 1.234.567 (the legend and table keep every digit). */
      compact: (value: number) => (value < 100_000 ? number.format(value) : compact.format(value)),
      percent: (value: number) => percent.format(value),
    };
  }, [language]);
}
