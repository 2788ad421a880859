import { type QuizAnalytics, quizAnalyticsSchema } from '@scentia/shared/quiz-sessions.schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api-client.ts';

/** A period of whole days, both ends included (`YYYY-MM-DD`, UTC, as the API counts them). */
export type QuizPeriod = { from: string; to: string };

/** Under the feature's root key (`['quiz']`), so whatever refreshes the quiz refreshes its figures. */
const analyticsKey = (quizId: number, period: QuizPeriod) => ['quiz', 'analytics', quizId, period] as const;

/** GET /api/quiz/analytics/{quizId}?from=&to=: the quiz's figures over the period. */
export function fetchQuizAnalytics(
  quizId: number,
  period: QuizPeriod,
  signal?: AbortSignal,
): Promise<QuizAnalytics> {
  return http.get(`/quiz/analytics/${quizId}`, { query: period, signal, schema: quizAnalyticsSchema });
}

export function quizAnalyticsOptions(quizId: number, period: QuizPeriod) {
  return queryOptions({
    queryKey: analyticsKey(quizId, period),
    queryFn: ({ signal }) => fetchQuizAnalytics(quizId, period, signal),
    // Another period keeps the previous figures on screen (dimmed) until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

export function useQuizAnalytics(quizId: number, period: QuizPeriod) {
  return useQuery(quizAnalyticsOptions(quizId, period));
}
