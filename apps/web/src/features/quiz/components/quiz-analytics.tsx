import { DownloadOutlined } from '@ant-design/icons';
import type { QuizAnalytics as Figures } from '@scentia/shared/quiz-sessions.schemas';
import { Alert, App, Button, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/date-format.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useExportQuizResults } from '../api/export-quiz-results.ts';
import { type QuizPeriod, useQuizAnalytics } from '../api/get-quiz-analytics.ts';
import {
  AnswersChart,
  type Formats,
  FunnelChart,
  RecommendationsChart,
  useFormats,
} from './quiz-analytics-charts.tsx';
import { DEFAULT_PERIOD_DAYS, lastDays, PeriodPicker } from './quiz-analytics-period.tsx';
import './quiz-analytics.css';

/**
 * The quiz's answer analytics (GET /api/quiz/analytics/{id}) over a period, the last 30 days unless
 * chosen: starts, completions and their rate; the drop-off per question; the answer distribution;
 * recommendations per fragrance. Charts are drawn with CSS (no chart library on any route), each with
 * its table. The sessions and the funnel download as a spreadsheet. Questions and answers are written
 * in the quiz's `language`, the panel's own labels in the viewer's.
 */
export default function QuizAnalytics({ quizId, language }: { quizId: number; language: string }) {
  const { t } = useTranslation('quiz-insights');
  const { modal } = App.useApp();
  const [period, setPeriod] = useState<QuizPeriod>(() => lastDays(DEFAULT_PERIOD_DAYS));
  const query = useQuizAnalytics(quizId, period);
  const exporter = useExportQuizResults();
  const formats = useFormats();
  const figures = query.data;

  function download() {
    exporter.mutate(
      { quizId, period },
      {
        onError: (error) =>
          modal.error({
            title: t('common:list.exportErrorTitle'),
            content: errorMessage(error, t, t('common:list.exportError')),
            centered: true,
          }),
      },
    );
  }

  return (
    <section className="quiz-analytics">
      <div className="quiz-analytics-toolbar">
        <PeriodPicker value={period} onChange={setPeriod} />
        <Button
          icon={<DownloadOutlined />}
          loading={exporter.isPending}
          disabled={!figures || figures.starts === 0}
          onClick={download}
        >
          {t('analytics.download')}
        </Button>
      </div>
      {query.isError && !figures ? (
        <Alert
          type="error"
          showIcon
          title={t('analytics.loadErrorTitle')}
          description={errorMessage(query.error, t, t('analytics.loadError'))}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              {t('common:actions.retry')}
            </Button>
          }
        />
      ) : !figures ? (
        <div className="quiz-analytics-loading">
          <Spin />
          <span>{t('analytics.loading')}</span>
        </div>
      ) : (
        <div
          className={query.isPlaceholderData ? 'quiz-analytics-body is-stale' : 'quiz-analytics-body'}
          aria-busy={query.isPlaceholderData}
        >
          <p className="quiz-analytics-range">
            {t('analytics.range', { from: formatDate(figures.from), to: formatDate(figures.to) })}
          </p>
          {figures.starts === 0 ? (
            <p className="quiz-analytics-empty">{t('analytics.empty')}</p>
          ) : (
            <Panels figures={figures} formats={formats} lang={language} />
          )}
        </div>
      )}
    </section>
  );
}

function Panels({ figures, formats, lang }: { figures: Figures; formats: Formats; lang: string }) {
  const { t } = useTranslation('quiz-insights');
  const cards = [
    { key: 'starts', value: formats.number(figures.starts) },
    { key: 'completions', value: formats.number(figures.completions) },
    { key: 'completionRate', value: formats.percent(figures.completionRate) },
    { key: 'abandoned', value: formats.number(figures.abandoned) },
  ];
  return (
    <>
      <dl className="quiz-analytics-cards">
        {cards.map((card) => (
          <div key={card.key} className="quiz-analytics-card">
            <dt>{t(`analytics.cards.${card.key}`)}</dt>
            <dd>{card.value}</dd>
          </div>
        ))}
      </dl>
      <FunnelChart analytics={figures} formats={formats} lang={lang} />
      <AnswersChart analytics={figures} formats={formats} lang={lang} />
      <RecommendationsChart analytics={figures} formats={formats} />
    </>
  );
}
