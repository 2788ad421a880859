import { BRAZIL_TIME_ZONES, TIME_ZONES } from '@scentia/shared/time-zones';

/** `America/Sao_Paulo` → `America/Sao Paulo (GMT-03:00)`: the offset it has today, as the browser knows it. */
function timeZoneLabel(zone: string): string {
  const name = zone.replaceAll('_', ' ');
  try {
    const offset = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(new Date())
      .find((part) => part.type === 'timeZoneName')?.value;
    return offset ? `${name} (${offset})` : name;
  } catch {
    // A browser whose own zone database lacks the name still offers it, without its offset.
    return name;
  }
}

const BRAZIL: ReadonlySet<string> = new Set(BRAZIL_TIME_ZONES);

/**
 * The options of a time-zone select (`@scentia/shared/time-zones`, the list the server accepts): Brazil's
 * zones first, as a group of their own under `groups.brazil`, then every other one under `groups.others`.
 */
export function timeZoneOptions(groups: { brazil: string; others: string }) {
  const option = (zone: string) => ({ value: zone, label: timeZoneLabel(zone) });
  return [
    { label: groups.brazil, title: groups.brazil, options: BRAZIL_TIME_ZONES.map(option) },
    {
      label: groups.others,
      title: groups.others,
      options: TIME_ZONES.filter((zone) => !BRAZIL.has(zone)).map(option),
    },
  ];
}
