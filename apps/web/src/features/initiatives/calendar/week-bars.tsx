import type { InitiativeRow } from '../api/list-initiatives.ts';
import type { Segment } from './calendar-range.ts';
import { InitiativeLink } from './initiative-link.tsx';

type WeekBarsProps = {
  segments: Segment<InitiativeRow>[];
  /** The location the row stands for (week view), named in each bar instead of all its locations. */
  locationName?: string;
};

/** One week's initiatives as bars on the week's grid, each in its lane, squared off where it runs on. */
export function WeekBars({ segments, locationName }: WeekBarsProps) {
  return (
    <ul className="calendar-bars">
      {segments.map((segment) => (
        <li
          key={segment.item.initiativeId}
          style={{
            gridColumn: `${segment.start + 1} / ${segment.end + 2}`,
            gridRow: segment.lane + 1,
          }}
        >
          <InitiativeLink
            row={segment.item}
            locationName={locationName}
            className={[
              segment.continuesBefore ? 'continues-before' : '',
              segment.continuesAfter ? 'continues-after' : '',
            ].join(' ')}
          />
        </li>
      ))}
    </ul>
  );
}
