import { addDays, type HourRange, isoDay } from '../../lib/count-period.ts';

const DAY_MS = 86_400_000;

/** A half-open range of UTC days (`YYYY-MM-DD`). */
export type DayRange = { from: string; to: string };

/** The whole UTC days of a period as the roll-ups serve them: see `rollupRangesOf`. */
export type RollupRanges = {
  months?: DayRange;
  /**
   * The watermark's month from its first day through the watermark, when the period holds all of it: its
   * month row holds exactly those days (every rolled day is added to its day row and its month row), so
   * it is read as that one row while the watermark is `rolledThrough`, and by day should the roll-up job
   * have moved it on since.
   */
  monthToDate?: DayRange & { rolledThrough: string };
  rolledDays: DayRange[];
  openDays?: DayRange;
};

/**
 * The whole UTC days of a period as the roll-ups serve them (migration 0029), given the watermark
 * `rolledThrough` (the last day rolled up): the whole months up to it (`months`, a range of days that
 * starts and ends on a month's first day), the watermark's month so far (`monthToDate`), the other days
 * up to it (`rolledDays`), and the days after it (`openDays`), which only the daily counts hold. Empty
 * ranges are left out. So a period reads a few rows per key for its months, whatever its length: the
 * days it reads one by one are only those of the months it holds in part.
 */
export function rollupRangesOf(days: DayRange, rolledThrough: string): RollupRanges {
  const afterRolled = addDays(rolledThrough, 1);
  const rolledEnd = days.to < afterRolled ? days.to : afterRolled;
  const openFrom = days.from > rolledEnd ? days.from : rolledEnd;
  const openDays = openFrom < days.to ? { from: openFrom, to: days.to } : undefined;
  if (days.from >= rolledEnd) return { rolledDays: [], openDays };
  // The watermark's month so far, when the period holds all of it and the watermark does not close it.
  const watermarkMonth = `${rolledThrough.slice(0, 8)}01`;
  const holdsMonthToDate =
    rolledEnd === afterRolled && days.from <= watermarkMonth && !afterRolled.endsWith('-01');
  const monthToDate = holdsMonthToDate ? { from: watermarkMonth, to: afterRolled, rolledThrough } : undefined;
  const rolled = { from: days.from, to: monthToDate ? watermarkMonth : rolledEnd };
  if (rolled.from >= rolled.to) return { monthToDate, rolledDays: [], openDays };
  const firstMonth = rolled.from.endsWith('-01') ? rolled.from : nextMonthStart(rolled.from);
  const lastMonthEnd = `${rolled.to.slice(0, 8)}01`;
  if (firstMonth >= lastMonthEnd) return { monthToDate, rolledDays: [rolled], openDays };
  return {
    months: { from: firstMonth, to: lastMonthEnd },
    monthToDate,
    rolledDays: [
      { from: rolled.from, to: firstMonth },
      { from: lastMonthEnd, to: rolled.to },
    ].filter((range) => range.from < range.to),
    openDays,
  };
}

function nextMonthStart(day: string): string {
  const date = new Date(`${day.slice(0, 8)}01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return isoDay(date.getTime());
}

/**
 * A period's ragged ends as the daily sums (migration 0034) serve them most cheaply: an end that covers
 * most of its UTC day is that day's row (`days`) less the day's other hours (`lessHours`), fewer rows
 * than its own hours; the other ends stay hours (`hours`). Ranges are split at UTC midnights first.
 */
export function raggedEndsOf(hours: HourRange[]): {
  hours: HourRange[];
  days: string[];
  lessHours: HourRange[];
} {
  const edges = { hours: [] as HourRange[], days: [] as string[], lessHours: [] as HourRange[] };
  for (const range of hours) {
    for (let from = range.from.getTime(); from < range.to.getTime(); ) {
      const dayStart = Math.floor(from / DAY_MS) * DAY_MS;
      const dayEnd = dayStart + DAY_MS;
      const to = Math.min(range.to.getTime(), dayEnd);
      if (to - from > DAY_MS / 2) {
        edges.days.push(isoDay(dayStart));
        for (const [lessFrom, lessTo] of [
          [dayStart, from],
          [to, dayEnd],
        ] as const)
          if (lessFrom < lessTo) edges.lessHours.push({ from: new Date(lessFrom), to: new Date(lessTo) });
      } else edges.hours.push({ from: new Date(from), to: new Date(to) });
      from = to;
    }
  }
  return edges;
}
