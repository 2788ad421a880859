import {
  ClockCircleOutlined,
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import {
  MAX_SCHEDULE_RANGES,
  MINUTES_PER_DAY,
  type Schedule,
  type ScheduleRange,
  type Weekday,
} from '@scentia/shared/schedules.schemas';
import { Button } from 'antd';
import { useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IssueMessage } from '../../lib/form-rules.ts';
import { useTranslateIssue } from '../../lib/use-translate-issue.ts';
import { RangeDialog } from './range-dialog.tsx';
import {
  applyDraft,
  crossesMidnight,
  type DaySegment,
  daySegments,
  EDITOR_WEEKDAYS,
  newDraft,
  nextWeekday,
  type RangeDraft,
  scheduleIssues,
  weekdayNames,
  weeklyHours,
} from './schedule-layout.ts';
import './schedule-editor.css';

export type ScheduleEditorProps = {
  /** The schedule shown; null reads as an empty one (a device following its location passes that one). */
  value: Schedule | null;
  /** Every change gives the whole schedule, its ranges sorted by day and start. */
  onChange: (schedule: Schedule) => void;
  /** The location's IANA time zone, in which the times are read. */
  timeZone: string;
  /** Shows the schedule without the commands that change it. */
  disabled?: boolean;
};

type Editing = { index: number | undefined; initial: RangeDraft };

const HOUR_MARKS = [0, 6, 12, 18, 24];
const EMPTY: readonly ScheduleRange[] = [];

/**
 * A weekly schedule: one row per day, Sunday first (as the data numbers them), each with its ranges
 * drawn as bars on a 24-hour track and listed as text with their commands. A range crossing midnight
 * is drawn on its day and on the next (Saturday's on Sunday). Ranges are added and edited in a dialog
 * that checks them with the shared schema; below 768 px the tracks give way to the lists alone. The
 * bars are decoration: the lists and a summary say the same to a screen reader.
 */
export function ScheduleEditor({ value, onChange, timeZone, disabled = false }: ScheduleEditorProps) {
  const { t, i18n } = useTranslation('schedules');
  const translate = useTranslateIssue();
  const ranges = value?.ranges ?? EMPTY;
  const dayNames = useMemo(() => weekdayNames(i18n.language), [i18n.language]);
  const segments = useMemo(() => daySegments(ranges), [ranges]);
  const issues = useMemo(() => scheduleIssues({ ranges: [...ranges] }), [ranges]);
  const [editing, setEditing] = useState<Editing | undefined>(undefined);
  const isFull = ranges.length >= MAX_SCHEDULE_RANGES;
  const daysUsed = new Set(ranges.map((range) => range.weekday)).size;

  const rangeText = (range: ScheduleRange) =>
    crossesMidnight(range)
      ? t('range.crossing', { start: range.start, end: range.end, day: dayNames[nextWeekday(range.weekday)] })
      : t('range.sameDay', { start: range.start, end: range.end });

  return (
    <div className="schedule-editor">
      <p className="schedule-editor-zone">
        <ClockCircleOutlined aria-hidden /> {t('timeZone', { timeZone })}
      </p>
      <p className="visually-hidden">
        {ranges.length === 0
          ? t('summary.empty')
          : t('summary.text', { count: ranges.length, days: daysUsed, hours: weeklyHours(ranges) })}
      </p>
      <div className="schedule-hours" aria-hidden>
        <span />
        <span className="schedule-hours-marks">
          {HOUR_MARKS.map((hour) => (
            <span key={hour} style={{ left: `${(hour / 24) * 100}%` }}>
              {String(hour).padStart(2, '0')}
            </span>
          ))}
        </span>
      </div>
      <ul className="schedule-week">
        {EDITOR_WEEKDAYS.map((weekday) => (
          <DayRow
            key={weekday}
            weekday={weekday}
            dayNames={dayNames}
            ranges={ranges}
            segments={segments[weekday] ?? []}
            issues={issues}
            isDisabled={disabled}
            canAdd={!isFull}
            rangeText={rangeText}
            translate={translate}
            onAdd={() => setEditing({ index: undefined, initial: newDraft(weekday, ranges) })}
            onEdit={(index, range) => setEditing({ index, initial: { ...range } })}
            onRemove={(index) => onChange({ ranges: ranges.filter((_, other) => other !== index) })}
          />
        ))}
      </ul>
      {isFull && !disabled && (
        <p className="schedule-editor-note">{t('full', { count: MAX_SCHEDULE_RANGES })}</p>
      )}
      {editing && (
        <RangeDialog
          ranges={ranges}
          editingIndex={editing.index}
          initial={editing.initial}
          dayNames={dayNames}
          onClose={() => setEditing(undefined)}
          onApply={(range) => {
            setEditing(undefined);
            onChange({ ranges: applyDraft(ranges, range, editing.index) });
          }}
        />
      )}
    </div>
  );
}

type DayRowProps = {
  weekday: Weekday;
  dayNames: readonly string[];
  ranges: readonly ScheduleRange[];
  segments: readonly DaySegment[];
  issues: ReadonlyMap<number, IssueMessage>;
  isDisabled: boolean;
  canAdd: boolean;
  rangeText: (range: ScheduleRange) => string;
  translate: (issue: IssueMessage) => string;
  onAdd: () => void;
  onEdit: (index: number, range: ScheduleRange) => void;
  onRemove: (index: number) => void;
};

function DayRow(props: DayRowProps) {
  const { weekday, dayNames, ranges, segments, issues, isDisabled, rangeText, translate } = props;
  const { t } = useTranslation('schedules');
  const nameId = useId();
  // A removed range's buttons vanish with it: the focus goes to the day's add button, not to the page.
  const addRef = useRef<HTMLButtonElement>(null);
  const dayName = dayNames[weekday] ?? '';
  const percent = (minutes: number) => `${(minutes / MINUTES_PER_DAY) * 100}%`;

  return (
    <li className="schedule-day">
      <span id={nameId} className="schedule-day-name">
        {dayName}
      </span>
      <span className="schedule-track" aria-hidden>
        {segments.map((segment) => (
          <span
            key={`${segment.rangeIndex}-${segment.from}`}
            className={[
              'schedule-bar',
              segment.isCarriedOver ? 'is-carried-over' : '',
              segment.to === MINUTES_PER_DAY && !segment.isCarriedOver ? 'is-continued' : '',
              issues.has(segment.rangeIndex) ? 'is-invalid' : '',
            ].join(' ')}
            style={{ left: percent(segment.from), width: percent(segment.to - segment.from) }}
          />
        ))}
      </span>
      <ul className="schedule-day-ranges" aria-labelledby={nameId}>
        {segments.length === 0 && <li className="schedule-day-empty">{t('noRanges')}</li>}
        {segments.map((segment) => {
          const range = ranges[segment.rangeIndex];
          if (!range) return null;
          const issue = issues.get(segment.rangeIndex);
          const described = `${dayNames[range.weekday]} ${rangeText(range)}`;
          return (
            <li key={`${segment.rangeIndex}-${segment.from}`} className="schedule-range">
              <span className="schedule-range-text">
                {segment.isCarriedOver
                  ? t('range.carriedOver', {
                      end: range.end,
                      day: dayNames[range.weekday],
                      start: range.start,
                    })
                  : rangeText(range)}
                <span className="schedule-range-intensity">
                  {' · '}
                  {t('range.intensity', { count: range.intensity })}
                </span>
              </span>
              {issue && (
                <span className="schedule-issue">
                  <WarningOutlined aria-hidden /> {translate(issue)}
                </span>
              )}
              {!isDisabled && !segment.isCarriedOver && (
                <span className="schedule-range-commands">
                  <Button
                    size="small"
                    type="text"
                    icon={<EditOutlined aria-hidden />}
                    aria-label={t('actions.edit', { range: described })}
                    title={t('actions.edit', { range: described })}
                    onClick={() => props.onEdit(segment.rangeIndex, range)}
                  />
                  <Button
                    size="small"
                    type="text"
                    danger
                    icon={<DeleteOutlined aria-hidden />}
                    aria-label={t('actions.remove', { range: described })}
                    title={t('actions.remove', { range: described })}
                    onClick={() => {
                      props.onRemove(segment.rangeIndex);
                      addRef.current?.focus();
                    }}
                  />
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {!isDisabled && (
        <span className="schedule-day-add">
          <Button
            ref={addRef}
            size="small"
            icon={<PlusOutlined aria-hidden />}
            disabled={!props.canAdd}
            aria-label={t('actions.addOn', { day: dayName })}
            onClick={props.onAdd}
          >
            {t('actions.add')}
          </Button>
        </span>
      )}
    </li>
  );
}
