import type { QuizAnalytics } from '@scentia/shared/quiz-sessions.schemas';
import { Button } from 'antd';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** How the panel writes its numbers, in the viewer's language. */
export type Formats = { number: (value: number) => string; percent: (value: number) => string };

export function useFormats(): Formats {
  const { i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 });
  return { number: (value) => number.format(value), percent: (value) => percent.format(value) };
}

const share = (part: number, whole: number) => (whole > 0 ? part / whole : 0);
// A bar's length as a CSS width; a count above zero stays visible however small its share.
const width = (part: number, whole: number) => `${part > 0 ? Math.max(share(part, whole) * 100, 1) : 0}%`;

/**
 * A chart with its table alternative: the chart is drawn for the eye (hidden from assistive
 * technology), the table holds the same figures, read by screen readers at all times and shown in
 * place of the chart by its toggle.
 */
function ChartSection({ title, chart, table }: { title: string; chart: ReactNode; table: ReactNode }) {
  const { t } = useTranslation('quiz-insights');
  const [isTable, setIsTable] = useState(false);
  const headingId = useId();
  return (
    <section className="quiz-chart" aria-labelledby={headingId}>
      <div className="quiz-chart-head">
        <h3 id={headingId}>{title}</h3>
        <Button type="link" size="small" onClick={() => setIsTable(!isTable)}>
          {isTable ? t('analytics.showChart') : t('analytics.showTable')}
        </Button>
      </div>
      {!isTable && (
        <div className="quiz-chart-body" aria-hidden="true">
          {chart}
        </div>
      )}
      <div className={isTable ? 'quiz-chart-table' : 'visually-hidden'}>{table}</div>
    </section>
  );
}

type BarProps = {
  label: string;
  lang?: string;
  value: number;
  whole: number;
  text: string;
  overlay?: number;
};

/** One bar: its label, the bar (and, for the funnel, the part that left there), the figure. */
function Bar({ label, lang, value, whole, text, overlay }: BarProps) {
  return (
    <div className="quiz-bar">
      <span className="quiz-bar-label" lang={lang}>
        {label}
      </span>
      <span className="quiz-bar-track">
        <span className="quiz-bar-fill" style={{ width: width(value, whole) }}>
          {overlay !== undefined && (
            <span className="quiz-bar-overlay" style={{ width: width(overlay, value) }} />
          )}
        </span>
      </span>
      <span className="quiz-bar-value">{text}</span>
    </div>
  );
}

type ChartProps = { analytics: QuizAnalytics; formats: Formats; lang?: string };

/** The drop-off: per question, the sessions that reached it and those that left there. */
export function FunnelChart({ analytics, formats, lang }: ChartProps) {
  const { t } = useTranslation('quiz-insights');
  const whole = Math.max(analytics.starts, ...analytics.questions.map((question) => question.reached));
  const title = t('analytics.funnel.title');
  return (
    <ChartSection
      title={title}
      chart={
        <>
          <ul className="quiz-chart-legend">
            <li>
              <span className="quiz-swatch quiz-swatch-reached" />
              {t('analytics.funnel.reached')}
            </li>
            <li>
              <span className="quiz-swatch quiz-swatch-left" />
              {t('analytics.funnel.leftThere')}
            </li>
          </ul>
          {analytics.questions.map((question) => (
            <Bar
              key={question.quizQuestionId}
              label={question.quest}
              lang={lang}
              value={question.reached}
              whole={whole}
              overlay={question.leftThere}
              text={t('analytics.funnel.bar', {
                reached: formats.number(question.reached),
                left: formats.number(question.leftThere),
              })}
            />
          ))}
        </>
      }
      table={
        <table className="quiz-data-table">
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{t('analytics.table.question')}</th>
              <th scope="col">{t('analytics.funnel.reached')}</th>
              <th scope="col">{t('analytics.table.ofStarts')}</th>
              <th scope="col">{t('analytics.funnel.leftThere')}</th>
            </tr>
          </thead>
          <tbody>
            {analytics.questions.map((question) => (
              <tr key={question.quizQuestionId}>
                <th scope="row" lang={lang}>
                  {question.quest}
                </th>
                <td>{formats.number(question.reached)}</td>
                <td>{formats.percent(share(question.reached, analytics.starts))}</td>
                <td>{formats.number(question.leftThere)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}

/** The answer distribution: per question, how often each answer was chosen, and its share. */
export function AnswersChart({ analytics, formats, lang }: ChartProps) {
  const { t } = useTranslation('quiz-insights');
  const title = t('analytics.answers.title');
  const totalOf = (answers: { count: number }[]) => answers.reduce((sum, answer) => sum + answer.count, 0);
  return (
    <ChartSection
      title={title}
      chart={analytics.questions.map((question) => {
        const total = totalOf(question.answers);
        return (
          <div key={question.quizQuestionId} className="quiz-chart-group">
            <p className="quiz-chart-group-title" lang={lang}>
              {question.quest}
            </p>
            {question.answers.map((answer) => (
              <Bar
                key={answer.quizQuestionAnswerId}
                label={answer.label}
                lang={lang}
                value={answer.count}
                whole={total}
                text={`${formats.number(answer.count)} (${formats.percent(share(answer.count, total))})`}
              />
            ))}
          </div>
        );
      })}
      table={
        <table className="quiz-data-table">
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{t('analytics.table.question')}</th>
              <th scope="col">{t('analytics.table.answer')}</th>
              <th scope="col">{t('analytics.table.count')}</th>
              <th scope="col">{t('analytics.table.share')}</th>
            </tr>
          </thead>
          {analytics.questions.map((question) => {
            const total = totalOf(question.answers);
            return (
              <tbody key={question.quizQuestionId}>
                {question.answers.map((answer, index) => (
                  <tr key={answer.quizQuestionAnswerId}>
                    {index === 0 && (
                      <th scope="rowgroup" rowSpan={question.answers.length} lang={lang}>
                        {question.quest}
                      </th>
                    )}
                    <td lang={lang}>{answer.label}</td>
                    <td>{formats.number(answer.count)}</td>
                    <td>{formats.percent(share(answer.count, total))}</td>
                  </tr>
                ))}
              </tbody>
            );
          })}
        </table>
      }
    />
  );
}

/** Recommendations per fragrance, the most recommended first. */
export function RecommendationsChart({ analytics, formats }: ChartProps) {
  const { t } = useTranslation('quiz-insights');
  const title = t('analytics.recommendations.title');
  const rows = [...analytics.recommendations].sort((a, b) => b.count - a.count);
  const whole = Math.max(0, ...rows.map((row) => row.count));
  return (
    <ChartSection
      title={title}
      chart={
        rows.length === 0 ? (
          <p>{t('analytics.recommendations.none')}</p>
        ) : (
          rows.map((row) => (
            <Bar
              key={row.fragranceId}
              label={row.name}
              value={row.count}
              whole={whole}
              text={formats.number(row.count)}
            />
          ))
        )
      }
      table={
        <table className="quiz-data-table">
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{t('analytics.table.fragrance')}</th>
              <th scope="col">{t('analytics.table.recommendations')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.fragranceId}>
                <th scope="row">{row.name}</th>
                <td>{formats.number(row.count)}</td>
              </tr>
            ))}
            {rows.length === 0 && (
              <tr>
                <td colSpan={2}>{t('analytics.recommendations.none')}</td>
              </tr>
            )}
          </tbody>
        </table>
      }
    />
  );
}
