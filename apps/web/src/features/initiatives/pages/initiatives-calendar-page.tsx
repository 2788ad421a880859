import { LeftOutlined, RightOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Alert, Button, Segmented, Spin } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeading } from '../../../components/page-heading.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { useNarrowScreen } from '../../../lib/use-narrow-screen.ts';
import { CalendarFilters } from '../calendar/calendar-filters.tsx';
import { useCalendarFormats } from '../calendar/calendar-formats.ts';
import { CalendarListView } from '../calendar/calendar-list-view.tsx';
import { CALENDAR_VIEWS, type CalendarView, shiftDate, visibleRange } from '../calendar/calendar-range.ts';
import {
  type CalendarFilter,
  type CalendarState,
  readCalendarState,
  writeCalendarState,
} from '../calendar/calendar-state.ts';
import { DayList } from '../calendar/day-list.tsx';
import { MonthView } from '../calendar/month-view.tsx';
import { useCalendarInitiatives } from '../calendar/use-calendar-initiatives.ts';
import { WeekView } from '../calendar/week-view.tsx';
import '../calendar/calendar.css';

/**
 * /admin/initiatives/calendar (issue 27): the initiatives of a month or a week, drawn on the days they
 * run, or listed 20 per page by id (spec §9); the view, the day shown (`dateInitial`) and the filter
 * are remembered in browser storage (spec §3). Under 768 px a month or week is a list per day.
 */
export default function InitiativesCalendarPage() {
  const { t } = useTranslation('initiatives-calendar');
  const formats = useCalendarFormats();
  const isNarrow = useNarrowScreen();
  // Today in the viewer's zone, read once per visit.
  const [today] = useState(() => dayjs().format('YYYY-MM-DD'));
  const [state, setState] = useState<CalendarState>(() => readCalendarState(today, Date.now()));
  const { view, dateInitial, filter } = state;
  const range = visibleRange(view, dateInitial, formats.weekStart);
  const calendar = useCalendarInitiatives(range, filter, view !== 'list');
  const rows = calendar.data?.rows ?? [];

  function change(next: Partial<CalendarState>) {
    const updated = { ...state, ...next };
    setState(updated);
    writeCalendarState(updated, Date.now());
  }
  const changeFilter = (next: CalendarFilter) => change({ filter: next, listPage: 1 });
  const go = (date: string) => change({ dateInitial: date, listPage: 1 });
  const unit = view === 'week' ? 'week' : 'month';
  const periodTitle =
    view === 'week'
      ? t('weekOf', { from: formats.date(range.from), to: formats.date(range.to) })
      : formats.month(dateInitial);

  return (
    <div className="initiatives-calendar">
      <PageHeading
        title={t('title')}
        extra={
          <Link to={PATHS.admin.initiatives.list} className="calendar-to-list">
            <UnorderedListOutlined aria-hidden="true" /> {t('toList')}
          </Link>
        }
      />
      <div className="calendar-toolbar">
        <Segmented<CalendarView>
          value={view}
          onChange={(next) => change({ view: next })}
          aria-label={t('view.label')}
          options={CALENDAR_VIEWS.map((option) => ({ value: option, label: t(`view.${option}`) }))}
        />
        <div className="calendar-navigation">
          <Button
            icon={<LeftOutlined />}
            aria-label={t(`previous.${unit}`)}
            title={t(`previous.${unit}`)}
            onClick={() => go(shiftDate(view, dateInitial, -1))}
          />
          <Button onClick={() => go(today)}>{t('today')}</Button>
          <Button
            icon={<RightOutlined />}
            aria-label={t(`next.${unit}`)}
            title={t(`next.${unit}`)}
            onClick={() => go(shiftDate(view, dateInitial, 1))}
          />
        </div>
        <h2 className="calendar-period" aria-live="polite">
          {periodTitle}
        </h2>
      </div>
      <CalendarFilters filter={filter} onChange={changeFilter} />
      {view === 'list' ? (
        <CalendarListView
          range={range}
          filter={filter}
          page={state.listPage}
          onPageChange={(listPage) => change({ listPage })}
        />
      ) : (
        <div className="calendar-body" aria-busy={calendar.isFetching}>
          {calendar.isError && (
            <Alert
              type="error"
              showIcon
              title={t('loadError')}
              action={
                <Button size="small" onClick={() => void calendar.refetch()}>
                  {t('common:actions.retry')}
                </Button>
              }
            />
          )}
          {calendar.data?.isCapped && (
            <Alert
              type="warning"
              showIcon
              title={t('capped', { shown: rows.length, total: calendar.data.total })}
            />
          )}
          {!calendar.data && !calendar.isError ? (
            <div className="calendar-loading" role="status">
              <Spin />
              <span>{t('loading')}</span>
            </div>
          ) : calendar.data ? (
            <div className={calendar.isPlaceholderData ? 'calendar-content is-stale' : 'calendar-content'}>
              {isNarrow ? (
                <DayList
                  range={view === 'month' ? visibleRange('list', dateInitial, formats.weekStart) : range}
                  rows={rows}
                  today={today}
                />
              ) : view === 'week' ? (
                <WeekView range={range} today={today} rows={rows} locationId={filter.locationId} />
              ) : (
                <>
                  {rows.length === 0 && <p className="calendar-empty">{t('emptyPeriod')}</p>}
                  <MonthView range={range} month={dateInitial.slice(0, 7)} today={today} rows={rows} />
                </>
              )}
            </div>
          ) : null}
        </div>
      )}
    </div>
  );
}
