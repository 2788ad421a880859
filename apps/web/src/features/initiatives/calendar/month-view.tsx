import { useTranslation } from 'react-i18next';
import type { InitiativeRow } from '../api/list-initiatives.ts';
import { useCalendarFormats } from './calendar-formats.ts';
import { type CalendarRange, weekSegments, weeksOf } from './calendar-range.ts';
import { WeekBars } from './week-bars.tsx';

type MonthViewProps = {
  range: CalendarRange;
  /** The month shown (`YYYY-MM`): the days of other months are dimmed. */
  month: string;
  today: string;
  rows: InitiativeRow[];
};

/**
 * The month as CSS grid weeks: the day numbers, then each initiative as a bar over the days it runs,
 * in the first lane free. Each week is a region named by its days; each bar is one link (Tab).
 */
export function MonthView({ range, month, today, rows }: MonthViewProps) {
  const { t } = useTranslation('initiatives-calendar');
  const formats = useCalendarFormats();
  const weeks = weeksOf(range);
  return (
    <div className="calendar-month">
      <div className="calendar-weekdays" aria-hidden="true">
        {(weeks[0] ?? []).map((day) => (
          <span key={day}>{formats.weekdayShort(day)}</span>
        ))}
      </div>
      {weeks.map((week) => {
        const first = week[0] ?? range.from;
        const segments = weekSegments(rows, first);
        return (
          <section
            key={first}
            className="calendar-week"
            aria-label={t('weekOf', { from: formats.date(first), to: formats.date(week[6] ?? first) })}
          >
            <div className="calendar-day-numbers" aria-hidden="true">
              {week.map((day) => (
                <span
                  key={day}
                  className={[
                    'calendar-day-number',
                    day.startsWith(month) ? '' : 'is-outside',
                    day === today ? 'is-today' : '',
                  ].join(' ')}
                >
                  {formats.dayOfMonth(day)}
                </span>
              ))}
            </div>
            {segments.length > 0 && <WeekBars segments={segments} />}
          </section>
        );
      })}
    </div>
  );
}
