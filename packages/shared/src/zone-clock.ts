/**
 * What a clock in an IANA time zone shows at an instant: the one reading schedules, forecasts,
 * dashboard periods and initiative dates all make, with one formatter per zone (building one is far
 * slower than using it).
 */
export type ZoneClock = {
  /** `YYYY-MM-DD`. */
  date: string;
  /** 0 is Sunday. */
  weekday: number;
  hour: number;
  minute: number;
  second: number;
};

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The date, weekday and time of day a clock in `timeZone` shows at `at`. */
export function zoneClockAt(timeZone: string, at: Date | number): ZoneClock {
  const parts: Record<string, string> = {};
  for (const part of formatterOf(timeZone).formatToParts(at)) parts[part.type] = part.value;
  // Intl writes a year before 1000 with fewer digits; ISO 8601 wants four.
  const date = `${parts.year?.padStart(4, '0')}-${parts.month}-${parts.day}`;
  return {
    date,
    weekday: new Date(`${date}T00:00:00Z`).getUTCDay(),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}
