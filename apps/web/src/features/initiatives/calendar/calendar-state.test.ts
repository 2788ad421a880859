// @vitest-environment jsdom
import { STORAGE_DEFAULT_TTL_MS } from '@scentia/shared/constants';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  type CalendarState,
  defaultCalendarState,
  filterParams,
  readCalendarState,
  writeCalendarState,
} from './calendar-state.ts';

const T0 = Date.parse('2026-11-25T12:00:00Z');
const chosen: CalendarState = {
  view: 'week',
  dateInitial: '2027-01-14',
  filter: { status: 'approved', organizationId: '3', locationId: '12' },
  listPage: 2,
};

describe('the calendar remembered in browser storage', () => {
  beforeEach(() => localStorage.clear());

  it('starts on today’s month without a filter', () => {
    expect(readCalendarState('2026-11-25', T0)).toEqual(defaultCalendarState('2026-11-25'));
    expect(defaultCalendarState('2026-11-25')).toMatchObject({ view: 'month', dateInitial: '2026-11-25' });
  });

  it('gives back the view, dateInitial, filter and page until a day after their last change', () => {
    writeCalendarState(chosen, T0);
    expect(JSON.parse(localStorage.getItem('initiativesCalendar') ?? '{}')).toEqual({
      at: T0,
      state: chosen,
    });
    expect(readCalendarState('2026-11-25', T0 + STORAGE_DEFAULT_TTL_MS)).toEqual(chosen);
    expect(readCalendarState('2026-11-26', T0 + STORAGE_DEFAULT_TTL_MS + 1)).toEqual(
      defaultCalendarState('2026-11-26'),
    );
    expect(localStorage.getItem('initiativesCalendar')).toBeNull();
  });

  it('forgets an entry that is unreadable or holds what the API would refuse', () => {
    for (const state of [
      { ...chosen, dateInitial: '2026-13-01' },
      { ...chosen, view: 'year' },
      { ...chosen, filter: { ...chosen.filter, status: 'Aprovada' } },
      { ...chosen, filter: { ...chosen.filter, organizationId: '0' } },
      { ...chosen, listPage: 0 },
    ]) {
      localStorage.setItem('initiativesCalendar', JSON.stringify({ at: T0, state }));
      expect(readCalendarState('2026-11-25', T0)).toEqual(defaultCalendarState('2026-11-25'));
    }
    localStorage.setItem('initiativesCalendar', '{not json');
    expect(readCalendarState('2026-11-25', T0)).toEqual(defaultCalendarState('2026-11-25'));
  });

  it('asks the list API for the period and only the filters chosen', () => {
    expect(filterParams(chosen.filter, { from: '2027-01-10', to: '2027-01-16' })).toEqual({
      from: '2027-01-10',
      to: '2027-01-16',
      status: 'approved',
      organizationId: '3',
      locationId: '12',
    });
    expect(filterParams(defaultCalendarState('2026-11-25').filter, { from: 'a', to: 'b' })).toMatchObject({
      status: '',
      organizationId: '',
      locationId: '',
    });
  });
});
