import { WarningOutlined } from '@ant-design/icons';
import { MAX_SHOTS_PER_HOUR, type ScheduleRange } from '@scentia/shared/schedules.schemas';
import { Form, Input, InputNumber, Modal, Select } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IssueMessage } from '../../lib/form-rules.ts';
import { useTranslateIssue } from '../../lib/use-translate-issue.ts';
import {
  crossesMidnight,
  draftIssues,
  EDITOR_WEEKDAYS,
  hasDraftIssues,
  nextWeekday,
  type RangeDraft,
} from './schedule-layout.ts';

type RangeDialogProps = {
  ranges: readonly ScheduleRange[];
  /** The range edited (its index in `ranges`), or undefined for a new one. */
  editingIndex: number | undefined;
  initial: RangeDraft;
  dayNames: readonly string[];
  onApply: (range: ScheduleRange) => void;
  onClose: () => void;
};

type Field = 'start' | 'end' | 'intensity';

/**
 * Adds or edits one range: its day, start and end typed as times (keyboard first: the browser's own
 * time field), and its intensity. Each field shows the shared schema's problem once touched; an
 * overlap with another range names that range. Nothing reaches the schedule until the draft is valid.
 */
export function RangeDialog({ ranges, editingIndex, initial, dayNames, onApply, onClose }: RangeDialogProps) {
  const { t } = useTranslation('schedules');
  const translate = useTranslateIssue();
  const formId = useId();
  const [draft, setDraft] = useState<RangeDraft>(initial);
  const [touched, setTouched] = useState<ReadonlySet<Field>>(new Set());
  const [isSubmitted, setSubmitted] = useState(false);
  const issues = draftIssues(ranges, draft, editingIndex);
  const shown = (field: Field): IssueMessage | undefined =>
    isSubmitted || touched.has(field) ? issues[field] : undefined;

  function change(patch: Partial<RangeDraft>, field?: Field) {
    setDraft((current) => ({ ...current, ...patch }));
    if (field) setTouched((current) => new Set(current).add(field));
  }

  function submit() {
    setSubmitted(true);
    if (hasDraftIssues(issues) || draft.intensity === null) return;
    onApply({ weekday: draft.weekday, start: draft.start, end: draft.end, intensity: draft.intensity });
  }

  const overlapped = issues.overlap ? ranges[issues.overlap.rangeIndex] : undefined;
  const isValidTimes = !issues.start && !issues.end;
  const endDay = isValidTimes && crossesMidnight(draft) ? nextWeekday(draft.weekday) : draft.weekday;

  return (
    <Modal
      open
      title={editingIndex === undefined ? t('dialog.addTitle') : t('dialog.editTitle')}
      okText={t('dialog.apply')}
      cancelText={t('dialog.cancel')}
      onCancel={onClose}
      // The OK button submits the form, so Enter in a field applies too; the form's finish is the one path.
      okButtonProps={{ htmlType: 'submit', form: formId }}
      destroyOnHidden
    >
      <Form id={formId} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item label={t('fields.weekday')} htmlFor={`${formId}-weekday`}>
          <Select<number>
            id={`${formId}-weekday`}
            value={draft.weekday}
            onChange={(weekday) => change({ weekday })}
            options={EDITOR_WEEKDAYS.map((weekday) => ({ value: weekday, label: dayNames[weekday] }))}
          />
        </Form.Item>
        <div className="schedule-dialog-times">
          <TimeField
            id={`${formId}-start`}
            label={t('fields.start')}
            value={draft.start}
            issue={shown('start')}
            translate={translate}
            onChange={(start) => change({ start }, 'start')}
          />
          <TimeField
            id={`${formId}-end`}
            label={t('fields.end')}
            value={draft.end}
            issue={shown('end')}
            translate={translate}
            onChange={(end) => change({ end }, 'end')}
          />
        </div>
        <p className="schedule-dialog-hint">{t('dialog.crossHint')}</p>
        <Form.Item
          label={t('fields.intensity')}
          htmlFor={`${formId}-intensity`}
          validateStatus={shown('intensity') ? 'error' : undefined}
          help={shown('intensity') && translate(shown('intensity') as IssueMessage)}
          extra={t('dialog.intensityHint', { max: MAX_SHOTS_PER_HOUR })}
        >
          <InputNumber<number>
            id={`${formId}-intensity`}
            min={1}
            max={MAX_SHOTS_PER_HOUR}
            precision={0}
            value={draft.intensity}
            onChange={(intensity) => change({ intensity: intensity ?? null }, 'intensity')}
            className="schedule-dialog-intensity"
          />
        </Form.Item>
        {isValidTimes && (
          <p className="schedule-dialog-preview">
            {t('dialog.preview', {
              startDay: dayNames[draft.weekday],
              start: draft.start,
              endDay: dayNames[endDay],
              end: draft.end,
            })}
          </p>
        )}
        {issues.overlap && overlapped && (
          <p className="schedule-issue" role="alert">
            <WarningOutlined aria-hidden />{' '}
            {t('dialog.overlaps', {
              message: translate(issues.overlap.message),
              day: dayNames[overlapped.weekday],
              start: overlapped.start,
              end: overlapped.end,
            })}
          </p>
        )}
      </Form>
    </Modal>
  );
}

type TimeFieldProps = {
  id: string;
  label: string;
  value: string;
  issue: IssueMessage | undefined;
  translate: (issue: IssueMessage) => string;
  onChange: (value: string) => void;
};

/** A wall-clock time "HH:mm", typed in the browser's time field (24 h values whatever it shows). */
function TimeField({ id, label, value, issue, translate, onChange }: TimeFieldProps) {
  return (
    <Form.Item
      label={label}
      htmlFor={id}
      validateStatus={issue ? 'error' : undefined}
      help={issue && translate(issue)}
    >
      <Input id={id} type="time" step={60} value={value} onChange={(event) => onChange(event.target.value)} />
    </Form.Item>
  );
}
