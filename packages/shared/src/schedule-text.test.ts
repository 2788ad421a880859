import { describe, expect, it } from 'vitest';
import { parseScheduleText, SCHEDULE_TEXT_INTENSITY, scheduleTextSchema } from './schedule-text.ts';

const range = (weekday: number, start: string, end: string) => ({
  weekday,
  start,
  end,
  intensity: SCHEDULE_TEXT_INTENSITY,
});
const weekdays = (start: string, end: string) => [1, 2, 3, 4, 5].map((day) => range(day, start, end));

describe('parseScheduleText', () => {
  it('reads weekday spans in English, Portuguese and Spanish, with an en dash or a hyphen', () => {
    const expected = { ranges: weekdays('09:00', '18:00') };
    expect(parseScheduleText('Mon–Fri 09:00–18:00')).toEqual(expected);
    expect(parseScheduleText('Seg-Sex 09:00-18:00')).toEqual(expected);
    expect(parseScheduleText('Lun–Vie 9:00 – 18:00')).toEqual(expected);
    expect(parseScheduleText('segunda - sexta 09:00—18:00')).toEqual(expected);
  });

  it('reads several parts, single days, day lists, accents and several time spans', () => {
    expect(parseScheduleText('Mon–Fri 09:00–18:00; Sat 09:00–13:00')).toEqual({
      ranges: [...weekdays('09:00', '18:00'), range(6, '09:00', '13:00')],
    });
    expect(parseScheduleText('Sáb, Dom 10:00–12:00, 14:00–16:00;')).toEqual({
      ranges: [
        range(6, '10:00', '12:00'),
        range(6, '14:00', '16:00'),
        range(0, '10:00', '12:00'),
        range(0, '14:00', '16:00'),
      ],
    });
    expect(parseScheduleText('Mié 08:00–12:00')).toEqual({ ranges: [range(3, '08:00', '12:00')] });
  });

  it('wraps a span of days through the weekend and keeps a night range past midnight', () => {
    expect(parseScheduleText('Fri–Mon 22:00–02:00')).toEqual({
      ranges: [5, 6, 0, 1].map((day) => range(day, '22:00', '02:00')),
    });
  });

  it('refuses what it cannot read, overlapping ranges and more ranges than a schedule holds', () => {
    for (const text of ['', ';', 'Mon–Fri', '09:00–18:00', 'Mo 09:00–18:00', 'Xyz 09:00–18:00']) {
      expect(parseScheduleText(text), text).toEqual({ error: 'invalidSchedule' });
    }
    for (const text of ['Mon 25:00–26:00', 'Mon 09:00', 'Mon 09:00–18:00–19:00', 'Mon–Tue–Wed 09:00–10:00']) {
      expect(parseScheduleText(text), text).toEqual({ error: 'invalidSchedule' });
    }
    expect(parseScheduleText('Mon–Fri 09:00–18:00; Fri 17:00–20:00')).toEqual({ error: 'scheduleOverlap' });
    const tooMany = Array.from({ length: 7 }, (_, hour) => `Sun–Sat 0${hour}:00–0${hour}:30`).join('; ');
    expect(parseScheduleText(tooMany)).toEqual({ error: 'scheduleTooManyRanges' });
  });
});

describe('scheduleTextSchema', () => {
  it('answers the schedule, or an issue whose message names the problem', () => {
    expect(scheduleTextSchema.parse('Sat 09:00–13:00')).toEqual({ ranges: [range(6, '09:00', '13:00')] });
    const refused = scheduleTextSchema.safeParse('Mon 9 to 18');
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual(['invalidSchedule']);
  });
});
