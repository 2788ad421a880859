import { Input, Select } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuizPeriod } from '../api/get-quiz-analytics.ts';

const DAY_MS = 86_400_000;
/** The choices of the picker, in days ending today; `custom` shows two date fields. */
const PRESETS = [7, 30, 90, 365] as const;
type Preset = (typeof PRESETS)[number] | 'custom';
export const DEFAULT_PERIOD_DAYS = 30;

const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The last `days` days, today included, as the API counts days (UTC). */
export function lastDays(days: number, now = Date.now()): QuizPeriod {
  return { from: isoDay(now - (days - 1) * DAY_MS), to: isoDay(now) };
}

type PeriodPickerProps = { value: QuizPeriod; onChange: (period: QuizPeriod) => void };

/**
 * The period of the figures: the last 7, 30, 90 or 365 days, or two days of the user's choice (native
 * date fields: the phone's own picker, and typed as the browser's locale writes dates). A custom
 * period whose start is after its end is not asked for, and says so.
 */
export function PeriodPicker({ value, onChange }: PeriodPickerProps) {
  const { t } = useTranslation('quiz-insights');
  const id = useId();
  const [preset, setPreset] = useState<Preset>(DEFAULT_PERIOD_DAYS);
  const [custom, setCustom] = useState<QuizPeriod>(value);
  const today = isoDay(Date.now());
  const isReversed = preset === 'custom' && custom.from > custom.to;

  function choosePreset(next: Preset) {
    setPreset(next);
    if (next === 'custom') setCustom(value);
    else onChange(lastDays(next));
  }

  function changeCustom(next: QuizPeriod) {
    setCustom(next);
    if (next.from && next.to && next.from <= next.to) onChange(next);
  }

  return (
    <div className="quiz-analytics-period">
      <div className="quiz-analytics-period-field">
        <label htmlFor={`${id}-preset`}>{t('analytics.period.label')}</label>
        <Select<Preset>
          id={`${id}-preset`}
          value={preset}
          onChange={choosePreset}
          className="quiz-analytics-period-select"
          options={[
            ...PRESETS.map((days) => ({
              value: days,
              label: t('analytics.period.lastDays', { count: days }),
            })),
            { value: 'custom' as const, label: t('analytics.period.custom') },
          ]}
        />
      </div>
      {preset === 'custom' && (
        <>
          <div className="quiz-analytics-period-field">
            <label htmlFor={`${id}-from`}>{t('analytics.period.from')}</label>
            <Input
              id={`${id}-from`}
              type="date"
              value={custom.from}
              max={today}
              required
              status={isReversed ? 'error' : undefined}
              aria-describedby={isReversed ? `${id}-error` : undefined}
              onChange={(event) => changeCustom({ ...custom, from: event.target.value })}
            />
          </div>
          <div className="quiz-analytics-period-field">
            <label htmlFor={`${id}-to`}>{t('analytics.period.to')}</label>
            <Input
              id={`${id}-to`}
              type="date"
              value={custom.to}
              max={today}
              required
              status={isReversed ? 'error' : undefined}
              aria-describedby={isReversed ? `${id}-error` : undefined}
              onChange={(event) => changeCustom({ ...custom, to: event.target.value })}
            />
          </div>
          {isReversed && (
            <p id={`${id}-error`} className="quiz-analytics-period-error" role="alert">
              {t('analytics.period.reversed')}
            </p>
          )}
        </>
      )}
    </div>
  );
}
