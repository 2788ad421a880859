import { useTranslation } from 'react-i18next';
import type { InitiativeRow } from '../api/list-initiatives.ts';
import { useCalendarFormats } from './calendar-formats.ts';
import { type CalendarRange, daysOf, weekSegments } from './calendar-range.ts';
import { WeekBars } from './week-bars.tsx';

type WeekViewProps = {
  range: CalendarRange;
  today: string;
  rows: InitiativeRow[];
  /** The location filtered on, if any: only its row is shown. */
  locationId: string | null;
};

/** Each location of the week's initiatives with them, sorted by name. */
function byLocation(rows: InitiativeRow[], locationId: string | null) {
  const locations = new Map<number, { name: string; rows: InitiativeRow[] }>();
  for (const row of rows) {
    for (const location of row.locations) {
      if (locationId !== null && String(location.locationId) !== locationId) continue;
      const entry = locations.get(location.locationId) ?? { name: location.name, rows: [] };
      entry.rows.push(row);
      locations.set(location.locationId, entry);
    }
  }
  return [...locations.entries()]
    .map(([id, entry]) => ({ id, ...entry }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}

/**
 * The week by location: a row per location (its name heading the row), each initiative a bar over
 * its days. An initiative at several locations shows in each of their rows.
 */
export function WeekView({ range, today, rows, locationId }: WeekViewProps) {
  const { t } = useTranslation('initiatives-calendar');
  const formats = useCalendarFormats();
  const days = daysOf(range);
  const locations = byLocation(rows, locationId);
  return (
    <div className="calendar-week-view">
      <div className="calendar-week-head" aria-hidden="true">
        <span className="calendar-week-corner">{t('location')}</span>
        <div className="calendar-weekdays">
          {days.map((day) => (
            <span key={day} className={day === today ? 'is-today' : undefined}>
              {formats.weekdayShort(day)} {formats.dayOfMonth(day)}
            </span>
          ))}
        </div>
      </div>
      {locations.length === 0 ? (
        <p className="calendar-empty">{t('emptyWeek')}</p>
      ) : (
        locations.map((location) => (
          <section key={location.id} className="calendar-location" aria-label={location.name}>
            <h3 className="calendar-location-name">{location.name}</h3>
            <WeekBars segments={weekSegments(location.rows, range.from)} locationName={location.name} />
          </section>
        ))
      )}
    </div>
  );
}
