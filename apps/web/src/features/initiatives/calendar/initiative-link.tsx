import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  INITIATIVE_STATUS_COLORS,
  useInitiativeStatusName,
} from '../../../components/initiative-status/initiative-status.tsx';
import { PATHS } from '../../../lib/paths.ts';
import type { InitiativeRow } from '../api/list-initiatives.ts';
import { useCalendarFormats } from './calendar-formats.ts';

type InitiativeLinkProps = {
  row: InitiativeRow;
  /** The location the bar stands for (the week view's row), else all of the initiative's. */
  locationName?: string;
  className?: string;
  style?: CSSProperties;
};

/** "Loja Centro, Loja Sul +2": the first names, and how many more. */
function locationsText(row: InitiativeRow, more: (count: number) => string): string {
  const names = row.locations.map((location) => location.name);
  const shown = names.slice(0, 2).join(', ');
  return names.length > 2 ? `${shown} ${more(names.length - 2)}` : shown;
}

/**
 * One initiative in the calendar: a link to its record, in its status's colour with the status
 * written first (never told by colour alone), then its title and location. Its accessible name says
 * it all: title, location, dates and status.
 */
export function InitiativeLink({ row, locationName, className, style }: InitiativeLinkProps) {
  const { t } = useTranslation('initiatives-calendar');
  const statusName = useInitiativeStatusName();
  const formats = useCalendarFormats();
  const where = locationName ?? locationsText(row, (count) => t('moreLocations', { count }));
  const status = statusName(row.status);
  return (
    <Link
      to={PATHS.admin.initiatives.update(row.initiativeId)}
      className={['initiative-link', className].filter(Boolean).join(' ')}
      style={{ ...style, backgroundColor: INITIATIVE_STATUS_COLORS[row.status] }}
      aria-label={t('initiativeName', {
        title: row.title,
        locations: row.locations.map((location) => location.name).join(', '),
        from: formats.date(row.startsOn),
        to: formats.date(row.endsOn),
        status,
      })}
      title={`${row.title} · ${where} · ${formats.date(row.startsOn)}–${formats.date(row.endsOn)} · ${status}`}
    >
      <span className="initiative-link-status">{status}</span>
      <span className="initiative-link-title">{row.title}</span>
      <span className="initiative-link-where">{where}</span>
    </Link>
  );
}
