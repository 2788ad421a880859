import type { Language } from '@scentia/shared/locales';
import type { QuizAnalytics } from '@scentia/shared/quiz-sessions.schemas';
import { translate } from '../../i18n/translate.ts';
import type { ExportColumn } from '../../lib/xlsx-export.ts';
import type { ExportedSession } from './quiz-analytics.service.ts';

type Key = Parameters<typeof translate>[1];

/** The sessions sheet: one row per session, headed in the request's language. */
export function sessionColumns(language: Language): ExportColumn<ExportedSession>[] {
  const t = (key: Key) => translate(language, key);
  return [
    { header: t('export.quizSessions.quiz'), width: 28, value: (row) => row.quiz },
    { header: t('export.quizSessions.campaign'), width: 28, value: (row) => row.campaign },
    { header: t('export.quizSessions.language'), width: 10, value: (row) => row.language },
    { header: t('export.quizSessions.version'), width: 9, value: (row) => row.version },
    { header: t('export.quizSessions.startedAt'), width: 22, value: (row) => new Date(row.startedAt) },
    {
      header: t('export.quizSessions.finishedAt'),
      width: 22,
      value: (row) => (row.finishedAt ? new Date(row.finishedAt) : null),
    },
    {
      header: t('export.quizSessions.abandonedAt'),
      width: 22,
      value: (row) => (row.abandonedAt ? new Date(row.abandonedAt) : null),
    },
    { header: t('export.quizSessions.answers'), width: 80, value: (row) => row.answers },
    { header: t('export.quizSessions.fragrances'), width: 40, value: (row) => row.fragrances },
  ];
}

type FunnelRow = QuizAnalytics['questions'][number];

/** The funnel sheet: per question, sessions that reached it and left there, and its answers' counts. */
export function funnelColumns(language: Language): ExportColumn<FunnelRow>[] {
  const t = (key: Key) => translate(language, key);
  return [
    { header: t('export.quizSessions.question'), width: 50, value: (row) => row.quest },
    { header: t('export.quizSessions.reached'), width: 12, value: (row) => row.reached },
    { header: t('export.quizSessions.leftThere'), width: 12, value: (row) => row.leftThere },
    {
      header: t('export.quizSessions.answerCounts'),
      width: 80,
      value: (row) => row.answers.map((answer) => `${answer.label}: ${answer.count}`).join('; '),
    },
  ];
}
