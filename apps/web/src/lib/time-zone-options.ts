import { BRAZIL_TIME_ZONES, TIME_ZONES } from '@scentia/shared/time-zones';
import type { TFunction } from 'i18next';
import { currentLanguage } from './i18n.ts';

function zoneNamePart(zone: string, at: Date, style: 'longOffset' | 'longGeneric', language: string) {
  return new Intl.DateTimeFormat(language, { timeZone: zone, timeZoneName: style })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
}

/**
 * `America/New_York` → `America/New York — Eastern Time (now GMT-05:00; GMT-04:00 part of the year)`:
 * the zone's name in the reader's language, and the offset in force at `at` beside the other one it
 * takes in the year, so a location's hours are not read against a fixed offset across a daylight-saving
 * change. A zone without one shows its offset alone.
 */
export function timeZoneLabel(zone: string, t: TFunction, at: Date = new Date()): string {
  const name = zone.replaceAll('_', ' ');
  const language = currentLanguage();
  try {
    const generic = zoneNamePart(zone, at, 'longGeneric', language);
    const now = zoneNamePart(zone, at, 'longOffset', 'en-US');
    if (!now) return name;
    const year = at.getUTCFullYear();
    const other = [Date.UTC(year, 0, 1), Date.UTC(year, 6, 1)]
      .map((time) => zoneNamePart(zone, new Date(time), 'longOffset', 'en-US'))
      .find((offset) => offset && offset !== now);
    const offsets = other ? t('shell:timeZone.offsets', { now, other }) : t('shell:timeZone.offset', { now });
    return generic ? `${name} — ${generic} (${offsets})` : `${name} (${offsets})`;
  } catch {
    // A browser whose own zone database lacks the name still offers it, without its offset.
    return name;
  }
}

const BRAZIL: ReadonlySet<string> = new Set(BRAZIL_TIME_ZONES);

/**
 * The options of a time-zone select (`@scentia/shared/time-zones`, the list the server accepts): Brazil's
 * zones first, as a group of their own under `groups.brazil`, then every other one under `groups.others`.
 * `t` writes the offsets (`common:timeZone`).
 */
export function timeZoneOptions(groups: { brazil: string; others: string }, t: TFunction) {
  const at = new Date();
  const option = (zone: string) => ({ value: zone, label: timeZoneLabel(zone, t, at) });
  return [
    { label: groups.brazil, title: groups.brazil, options: BRAZIL_TIME_ZONES.map(option) },
    {
      label: groups.others,
      title: groups.others,
      options: TIME_ZONES.filter((zone) => !BRAZIL.has(zone)).map(option),
    },
  ];
}
