import type { TFunction } from 'i18next';

export type PeriodParts = { years: number; months: number; days: number };

// Average lengths over the Gregorian cycle: 1826 days is 5 years, 183 days is 6 months.
const DAYS_PER_MONTH = 365.25 / 12;
// A configured period within a day of whole months (leap days) is stated in months and years.
const WHOLE_MONTH_TOLERANCE_DAYS = 1;

/**
 * A number of days as years, months and days, the way a person would say it: 1826 → 5 years,
 * 365 → 1 year, 183 → 6 months. Periods that are not whole months are split into 365-day years
 * and 30-day months; the exact number of days is always shown beside them anyway.
 */
export function splitDays(total: number): PeriodParts {
  const wholeMonths = Math.round(total / DAYS_PER_MONTH);
  if (wholeMonths > 0 && Math.abs(total - wholeMonths * DAYS_PER_MONTH) <= WHOLE_MONTH_TOLERANCE_DAYS) {
    return { years: Math.floor(wholeMonths / 12), months: wholeMonths % 12, days: 0 };
  }
  const years = Math.floor(total / 365);
  const rest = total - years * 365;
  const months = Math.floor(rest / 30);
  return { years, months, days: rest - months * 30 };
}

/** "5 anos", "1 year and 6 months", "1 mes y 5 días" in the language of `t`. */
export function describeParts(parts: PeriodParts, t: TFunction, language: string): string {
  const numbers = new Intl.NumberFormat(language);
  const units = (['years', 'months', 'days'] as const)
    .filter((unit) => parts[unit] > 0)
    .map((unit) => t(`retention.units.${unit}`, { count: parts[unit], value: numbers.format(parts[unit]) }));
  return new Intl.ListFormat(language, { type: 'conjunction' }).format(units);
}

/** A configured period for people, with the exact figure beside it: "5 anos (1.826 dias)". */
export function describeDays(total: number, t: TFunction, language: string): string {
  const parts = splitDays(total);
  const exact = describeParts({ years: 0, months: 0, days: total }, t, language);
  if (parts.years === 0 && parts.months === 0) return exact;
  return t('retention.periodWithDays', { period: describeParts(parts, t, language), days: exact });
}
