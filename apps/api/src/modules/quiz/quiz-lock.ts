import { ErrorCode } from '@scentia/shared/error-codes';
import { type QuizAction, type QuizState, quizActionRefusal } from '@scentia/shared/quiz.rules';
import { AppError } from '../../lib/app-error.ts';
import type { LockedQuiz, QuizRepository } from './quiz.repository.ts';

export const stateOf = (quiz: {
  deletedAt: Date | null;
  questionCount: number;
  validatedAt: Date | null;
  publishedAt: Date | null;
}): QuizState => ({
  isActive: quiz.deletedAt === null,
  questionCount: quiz.questionCount,
  validatedAt: quiz.validatedAt?.toISOString() ?? null,
  publishedAt: quiz.publishedAt?.toISOString() ?? null,
});

/**
 * The quiz locked for a change (see `QuizRepository.lock`), refused with the shared rule's code for
 * `action` (404 for an unknown quiz), and with STALE_RECORD when it changed after the version the
 * editor loaded.
 */
export async function lockFor(
  repository: QuizRepository,
  id: number,
  action: QuizAction,
  updatedAt?: string,
): Promise<LockedQuiz> {
  const quiz = await repository.lock(id, updatedAt);
  if (!quiz) throw new AppError(ErrorCode.NOT_FOUND);
  const refusal = quizActionRefusal(stateOf(quiz), action);
  if (refusal) throw new AppError(refusal);
  if (quiz.isStale) throw new AppError(ErrorCode.STALE_RECORD);
  return quiz;
}
