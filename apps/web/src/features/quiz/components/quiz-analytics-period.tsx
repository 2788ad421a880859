import { lastQuizDays, QUIZ_PERIOD_DAYS, quizPeriodProblem } from '@scentia/shared/quiz-sessions.schemas';
import { Select } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFields } from '../../../components/date-range-fields.tsx';
import type { QuizPeriod } from '../api/get-quiz-analytics.ts';

/** The choices of the picker, in days ending today; `custom` shows two date fields. */
const PRESETS = [7, 30, 90, 365] as const;
type Preset = (typeof PRESETS)[number] | 'custom';
export const DEFAULT_PERIOD_DAYS = QUIZ_PERIOD_DAYS.default;

/** What is wrong with a chosen period, if anything: its key under `analytics.period`. */
function periodProblem(period: QuizPeriod): 'incomplete' | 'reversed' | 'tooLong' | undefined {
  if (!period.from || !period.to) return 'incomplete';
  return quizPeriodProblem(period);
}

/** The last `days` days, today included, as the API counts days (UTC). */
export const lastDays = (days: number): QuizPeriod => lastQuizDays(days);

type PeriodPickerProps = { value: QuizPeriod; onChange: (period: QuizPeriod) => void };

/**
 * The period of the figures: the last 7, 30, 90 or 365 days, or two days of the user's choice (native
 * date fields: the phone's own picker, and typed as the browser's locale writes dates). A custom
 * period the API would refuse (reversed, longer than a year) is not asked for, and says why.
 */
export function PeriodPicker({ value, onChange }: PeriodPickerProps) {
  const { t } = useTranslation('quiz-insights');
  const id = useId();
  const [preset, setPreset] = useState<Preset>(DEFAULT_PERIOD_DAYS);
  const [custom, setCustom] = useState<QuizPeriod>(value);
  const today = lastQuizDays(1).to;
  const problem = preset === 'custom' ? periodProblem(custom) : undefined;
  const isWrong = problem !== undefined && problem !== 'incomplete';

  function choosePreset(next: Preset) {
    setPreset(next);
    if (next === 'custom') setCustom(value);
    else onChange(lastDays(next));
  }

  function changeCustom(next: QuizPeriod) {
    setCustom(next);
    if (!periodProblem(next)) onChange(next);
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
          <DateRangeFields
            id={id}
            value={custom}
            labels={{ from: t('analytics.period.from'), to: t('analytics.period.to') }}
            max={today}
            errorId={isWrong ? `${id}-error` : undefined}
            fieldClassName="quiz-analytics-period-field"
            onChange={changeCustom}
          />
          {isWrong && (
            <p id={`${id}-error`} className="quiz-analytics-period-error" role="alert">
              {t(`analytics.period.${problem}`, { max: QUIZ_PERIOD_DAYS.max })}
            </p>
          )}
        </>
      )}
    </div>
  );
}
