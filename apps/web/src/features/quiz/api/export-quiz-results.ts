import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';
import type { QuizPeriod } from './get-quiz-analytics.ts';

/**
 * GET /api/resultado/export?quizId=&from=&to=: the quiz's played sessions over the period (one row a
 * session) and its per-question funnel, as the spreadsheet the server names.
 */
export async function exportQuizResults({
  quizId,
  period,
}: {
  quizId: number;
  period: QuizPeriod;
}): Promise<void> {
  const { blob, fileName } = await http.download('/resultado/export', { query: { quizId, ...period } });
  saveFile(blob, fileName ?? `quiz-${quizId}-${period.from}-${period.to}.xlsx`);
}

export function useExportQuizResults() {
  return useMutation({ mutationFn: exportQuizResults });
}
