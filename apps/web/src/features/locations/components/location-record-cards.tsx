import type { LocationRow } from '@scentia/shared/locations.schemas';
import type { RecordCardsProps } from '../../../components/resource-form/resource-form-pages.tsx';
import { LocationScheduleCard } from './location-schedule-card.tsx';

/**
 * The location's edit page below its form: its schedule. Keyed by the record's version, so reading
 * the record again (after a stale save) starts the card from the record read; a schedule saved here
 * is taken into the page's record, so the form's next save carries the version it produced.
 */
export function LocationRecordCards({ row, reload, adopt }: RecordCardsProps<LocationRow>) {
  return <LocationScheduleCard key={row.updatedAt} location={row} reload={reload} onSaved={adopt} />;
}
