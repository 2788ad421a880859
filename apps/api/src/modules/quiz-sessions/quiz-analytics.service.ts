import { ErrorCode } from '@scentia/shared/error-codes';
import type { Language } from '@scentia/shared/locales';
import type { PublishedQuiz } from '@scentia/shared/quiz.schemas';
import {
  lastQuizDays,
  QUIZ_PERIOD_DAYS,
  type QuizAnalytics,
  quizPeriodProblem,
} from '@scentia/shared/quiz-sessions.schemas';
import { AppError, invalidFields } from '../../lib/app-error.ts';
import type { Period, QuizAnalyticsRepository, SessionExportRow } from './quiz-analytics.repository.ts';

/** `from`/`to` as given, the missing ones filled in; refuses a reversed or too long period (400). */
function periodOf(query: { from?: string; to?: string }, now = Date.now()): Period {
  const to = query.to ?? lastQuizDays(1, now).to;
  const from = query.from ?? lastQuizDays(QUIZ_PERIOD_DAYS.default, Date.parse(to)).from;
  const problem = quizPeriodProblem({ from, to });
  if (problem === 'reversed') throw invalidFields({ path: 'from', key: 'field.periodOrder' });
  if (problem === 'tooLong')
    throw invalidFields({ path: 'to', key: 'field.periodTooLong', params: { max: QUIZ_PERIOD_DAYS.max } });
  return { from, to };
}

/** Labels of every node any publication held, each from the newest publication holding it. */
function labelsOf(snapshots: readonly PublishedQuiz[]) {
  const questions = new Map<number, { quest: string; answers: number[] }>();
  const answers = new Map<number, { label: string; questionId: number }>();
  for (const snapshot of snapshots) {
    for (const question of snapshot.questions) {
      if (!questions.has(question.quizQuestionId))
        questions.set(question.quizQuestionId, { quest: question.quest, answers: [] });
      for (const answer of question.answers) {
        if (answers.has(answer.quizQuestionAnswerId)) continue;
        answers.set(answer.quizQuestionAnswerId, {
          label: answer.label,
          questionId: question.quizQuestionId,
        });
        questions.get(question.quizQuestionId)?.answers.push(answer.quizQuestionAnswerId);
      }
    }
  }
  return { questions, answers };
}

export function createQuizAnalyticsService(repository: QuizAnalyticsRepository) {
  async function quizOrNotFound(quizId: number) {
    const quiz = await repository.quiz(quizId);
    if (!quiz) throw new AppError(ErrorCode.NOT_FOUND);
    return quiz;
  }

  /**
   * The figures of a period. Questions: those of the latest publication in its order, then any older
   * one with figures in the period; answers likewise under their question.
   */
  async function analytics(quizId: number, query: { from?: string; to?: string }): Promise<QuizAnalytics> {
    const period = periodOf(query);
    const quiz = await quizOrNotFound(quizId);
    const [snapshots, totals, questionRows, answerRows, recommendations] = await Promise.all([
      repository.snapshots(quizId),
      repository.totals(quizId, period),
      repository.questions(quizId, period),
      repository.answers(quizId, period),
      repository.recommendations(quizId, period),
    ]);
    const labels = labelsOf(snapshots);
    const questionFigures = new Map(questionRows.map((row) => [row.id, row]));
    const answerCounts = new Map(answerRows.map((row) => [row.id, row.count]));
    const latest = new Set(snapshots[0]?.questions.map((question) => question.quizQuestionId));
    const shownQuestions = [...labels.questions.keys()].filter(
      (id) => latest.has(id) || questionFigures.has(id),
    );
    return {
      ...period,
      language: quiz.language as Language,
      ...totals,
      completionRate: totals.starts === 0 ? 0 : totals.completions / totals.starts,
      questions: shownQuestions.map((id) => {
        const question = labels.questions.get(id);
        return {
          quizQuestionId: id,
          quest: question?.quest ?? '',
          reached: questionFigures.get(id)?.reached ?? 0,
          leftThere: questionFigures.get(id)?.leftThere ?? 0,
          answers: (question?.answers ?? [])
            .filter((answerId) => latest.has(id) || answerCounts.has(answerId))
            .map((answerId) => ({
              quizQuestionAnswerId: answerId,
              label: labels.answers.get(answerId)?.label ?? '',
              count: answerCounts.get(answerId) ?? 0,
            })),
        };
      }),
      recommendations: recommendations.map((row) => ({
        fragranceId: row.id,
        name: row.name ?? `#${row.id}`,
        count: row.count,
      })),
    };
  }

  return {
    analytics,

    /** The export's two sheets: the period's sessions (labels resolved), and the per-question funnel. */
    async exportSheets(quizId: number, query: { from?: string; to?: string }) {
      const period = periodOf(query);
      const quiz = await quizOrNotFound(quizId);
      const figures = await analytics(quizId, period);
      const labels = labelsOf(await repository.snapshots(quizId));
      const batches = repository.sessionBatches(quizId, period);
      const sessions = (async function* () {
        for await (const batch of batches) {
          const names = await repository.fragranceNames([
            ...new Set(batch.flatMap((row) => row.fragranceIds ?? [])),
          ]);
          yield batch.map((row: SessionExportRow) => ({
            ...row,
            quiz: quiz.name,
            campaign: quiz.campaign,
            answers: row.answerIds
              .map((id) => {
                const answer = labels.answers.get(id);
                const quest = answer ? labels.questions.get(answer.questionId)?.quest : undefined;
                return `${quest ?? '?'}: ${answer?.label ?? `#${id}`}`;
              })
              .join(' → '),
            fragrances: (row.fragranceIds ?? []).map((id) => names.get(id) ?? `#${id}`).join(', '),
          }));
        }
      })();
      const funnel = (async function* () {
        yield figures.questions;
      })();
      return { sessions, funnel };
    },
  };
}

export type QuizAnalyticsService = ReturnType<typeof createQuizAnalyticsService>;
export type ExportedSession = SessionExportRow & {
  quiz: string;
  campaign: string;
  answers: string;
  fragrances: string;
};
