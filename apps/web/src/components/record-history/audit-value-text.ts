import type { AuditValueKind } from '@scentia/shared/audit-fields';
import { type Schedule, scheduleSchema } from '@scentia/shared/schedules.schemas';
import type { TFunction } from 'i18next';
import { currentLanguage } from '../../lib/i18n.ts';
import { sortRanges, weekdayNames } from '../schedule-editor/schedule-layout.ts';

/** A wall-clock "HH:mm" as the interface's language writes a time (22:00, 10:00 PM). */
function wallTimeText(wallTime: string, language: string): string {
  const [hour = 0, minute = 0] = wallTime.split(':').map(Number);
  const format = new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
  return format.format(Date.UTC(2023, 0, 1, hour, minute));
}

/** "Seg 22:00–02:00, 60 disparos/h; Sex …", ranges in the week's order; an empty one never diffuses. */
function scheduleText(schedule: Schedule, t: TFunction<'audit'>): string {
  if (schedule.ranges.length === 0) return t('values.schedule.empty');
  const language = currentLanguage();
  const days = weekdayNames(language, 'short');
  return sortRanges(schedule.ranges)
    .map((range) =>
      t('values.schedule.range', {
        day: days[range.weekday],
        start: wallTimeText(range.start, language),
        end: wallTimeText(range.end, language),
        count: range.intensity,
      }),
    )
    .join(t('values.schedule.separator'));
}

/**
 * A structured value (what `AUDIT_VALUE_KINDS` describes) in words. A device's schedule left empty
 * follows its location's. A value not of its kind's shape (an older trail) is shown as stored.
 */
export function structuredValueText(
  kind: AuditValueKind,
  value: unknown,
  t: TFunction<'audit'>,
): string | null {
  if (value === null || value === undefined) {
    return kind === 'ownSchedule' ? t('values.schedule.followsLocation') : null;
  }
  const schedule = scheduleSchema.safeParse(value);
  return schedule.success ? scheduleText(schedule.data, t) : JSON.stringify(value);
}
