import { z } from 'zod';
import { type ScheduleRange, scheduleSchema, type Weekday } from './schedules.schemas.ts';

/**
 * A weekly schedule written as people write opening hours: "Mon–Fri 09:00–18:00; Sat 09:00–13:00",
 * in English, Portuguese ("Seg–Sex") or Spanish ("Lun–Vie"). Parts are separated by `;`; a part is
 * days (single days, spans "Mon–Fri" that may wrap "Fri–Mon", listed with commas) followed by one or
 * more time spans (commas between them); an en dash, an em dash or a hyphen joins a span. A time span
 * ending at or before its start runs past midnight, as the schedule's ranges do.
 */

/** Shots per hour of a range written as text (which names no intensity): the schedule editor's default. */
export const SCHEDULE_TEXT_INTENSITY = 60;

/** Why a text is not a schedule; each is a field message (`field.<code>`). */
export type ScheduleTextError = 'invalidSchedule' | 'scheduleOverlap' | 'scheduleTooManyRanges';

export type ScheduleTextResult = { ranges: ScheduleRange[] } | { error: ScheduleTextError };

/** Day names, Sunday first (JavaScript's weekday numbers), lower case and without accents. */
const DAY_NAMES: readonly (readonly string[])[] = [
  ['sunday', 'domingo'],
  ['monday', 'segunda', 'lunes'],
  ['tuesday', 'terca', 'martes'],
  ['wednesday', 'quarta', 'miercoles'],
  ['thursday', 'quinta', 'jueves'],
  ['friday', 'sexta', 'viernes'],
  ['saturday', 'sabado'],
];

const DASH = /\s*[-–—]\s*/;
const TIME = /^(\d{1,2}):([0-5]\d)$/;

/** A day as written: its first three letters at least, of its name in one of the three languages. */
function weekdayOf(word: string): Weekday | undefined {
  const text = word
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\.$/, '');
  if (text.length < 3) return undefined;
  const index = DAY_NAMES.findIndex((names) => names.some((name) => name.startsWith(text)));
  return index >= 0 ? (index as Weekday) : undefined;
}

/** "Mon–Fri, Sun" as weekdays in the order written; a span "Fri–Mon" wraps through the weekend. */
function weekdaysOf(text: string): Weekday[] | undefined {
  const days: Weekday[] = [];
  for (const item of text.split(',')) {
    const ends = item.trim().split(DASH);
    if (ends.length > 2) return undefined;
    const first = weekdayOf(ends[0] ?? '');
    const last = ends.length === 2 ? weekdayOf(ends[1] ?? '') : first;
    if (first === undefined || last === undefined) return undefined;
    const length = (last - first + 7) % 7;
    for (let step = 0; step <= length; step += 1) days.push(((first + step) % 7) as Weekday);
  }
  return days;
}

/** "9:00" as "09:00"; undefined unless it is a wall-clock time. */
function wallTimeOf(text: string): string | undefined {
  const match = TIME.exec(text.trim());
  if (!match) return undefined;
  const hour = Number(match[1]);
  return hour < 24 ? `${String(hour).padStart(2, '0')}:${match[2]}` : undefined;
}

/** "09:00–12:00, 14:00–18:00" as [start, end] pairs. */
function timeSpansOf(text: string): [string, string][] | undefined {
  const spans: [string, string][] = [];
  for (const item of text.split(',')) {
    const ends = item.trim().split(DASH);
    const start = wallTimeOf(ends[0] ?? '');
    const end = wallTimeOf(ends[1] ?? '');
    if (ends.length !== 2 || !start || !end) return undefined;
    spans.push([start, end]);
  }
  return spans;
}

/** One part, "Mon–Fri 09:00–18:00": its days are what comes before its first digit. */
function rangesOfPart(part: string, intensity: number): ScheduleRange[] | undefined {
  const firstDigit = part.search(/\d/);
  if (firstDigit <= 0) return undefined;
  const days = weekdaysOf(part.slice(0, firstDigit));
  const spans = timeSpansOf(part.slice(firstDigit));
  if (!days || !spans) return undefined;
  return days.flatMap((weekday) => spans.map(([start, end]) => ({ weekday, start, end, intensity })));
}

/** The schedule a text writes, checked by the schedule's own rules (no overlap, at most 42 ranges). */
export function parseScheduleText(text: string, intensity = SCHEDULE_TEXT_INTENSITY): ScheduleTextResult {
  const parts = text
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length === 0) return { error: 'invalidSchedule' };
  const ranges: ScheduleRange[] = [];
  for (const part of parts) {
    const found = rangesOfPart(part, intensity);
    if (!found) return { error: 'invalidSchedule' };
    ranges.push(...found);
  }
  const checked = scheduleSchema.safeParse({ ranges });
  if (checked.success) return { ranges };
  const isOverlap = checked.error.issues.some((issue) => issue.message === 'scheduleOverlap');
  return { error: isOverlap ? 'scheduleOverlap' : 'scheduleTooManyRanges' };
}

/** A schedule cell (an import's): the text parsed, or an issue whose message is a `ScheduleTextError`. */
export const scheduleTextSchema = z.string().transform((text, ctx) => {
  const result = parseScheduleText(text);
  if ('error' in result) {
    ctx.addIssue({ code: 'custom', message: result.error });
    return z.NEVER;
  }
  return { ranges: result.ranges };
});
