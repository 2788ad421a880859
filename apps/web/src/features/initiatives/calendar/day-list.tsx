import { useTranslation } from 'react-i18next';
import type { InitiativeRow } from '../api/list-initiatives.ts';
import { useCalendarFormats } from './calendar-formats.ts';
import { type CalendarRange, itemsByDay } from './calendar-range.ts';
import { InitiativeLink } from './initiative-link.tsx';

/**
 * Narrow screens' month or week: a list of the days that have initiatives, each with them, so that
 * nothing needs a grid wider than the phone.
 */
export function DayList({
  range,
  rows,
  today,
}: {
  range: CalendarRange;
  rows: InitiativeRow[];
  today: string;
}) {
  const { t } = useTranslation('initiatives-calendar');
  const formats = useCalendarFormats();
  const days = itemsByDay(rows, range);
  if (days.length === 0) return <p className="calendar-empty">{t('emptyPeriod')}</p>;
  return (
    <ol className="calendar-day-list">
      {days.map(({ day, items }) => (
        <li key={day}>
          <h3 className={day === today ? 'calendar-day-title is-today' : 'calendar-day-title'}>
            {formats.dayLong(day)}
            {day === today && <span className="calendar-today-mark"> · {t('today')}</span>}
          </h3>
          <ul>
            {items.map((row) => (
              <li key={row.initiativeId}>
                <InitiativeLink row={row} />
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
