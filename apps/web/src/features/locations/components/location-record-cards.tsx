import type { LocationRow } from '@scentia/shared/locations.schemas';
import { LocationScheduleCard } from './location-schedule-card.tsx';

/**
 * The location's edit page below its form: its schedule. Keyed by the record's version, so reading
 * the record again (after a stale save) starts the card from the record read.
 */
export function LocationRecordCards({ row, reload }: { row: LocationRow; reload: () => Promise<unknown> }) {
  return <LocationScheduleCard key={row.updatedAt} location={row} reload={reload} />;
}
