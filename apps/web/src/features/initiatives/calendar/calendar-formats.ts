import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/date-format.ts';
import type { WeekStart } from './calendar-range.ts';

const utc = (date: string) => Date.parse(`${date}T00:00:00Z`);

/**
 * The calendar's words for days in the page's language: the month's name, weekdays, a day as the
 * rest of the back-office writes it (DD/MM/YYYY), and the week's first day (Monday in Spain,
 * Sunday in Brazil and the United States).
 */
export function useCalendarFormats() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => {
    // Calendar days are read as UTC midnights: no zone may move them to the day before.
    const month = new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' });
    const weekdayShort = new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' });
    const dayLong = new Intl.DateTimeFormat(language, {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      timeZone: 'UTC',
    });
    return {
      weekStart: (language.startsWith('es') ? 1 : 0) as WeekStart,
      month: (date: string) => month.format(utc(date)),
      weekdayShort: (date: string) => weekdayShort.format(utc(date)),
      dayLong: (date: string) => dayLong.format(utc(date)),
      date: formatDate,
      dayOfMonth: (date: string) => String(Number(date.slice(8, 10))),
    };
  }, [language]);
}
