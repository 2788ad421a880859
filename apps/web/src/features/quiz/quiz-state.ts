import type { QuizState } from '@scentia/shared/quiz.rules';
import type { QuizRow } from '@scentia/shared/quiz.schemas';

/**
 * Where a quiz stands between its draft and what the app plays: never published (a draft, or
 * validated and waiting to be published), or published in version N, with `hasPendingChanges` when
 * the draft has changed since (not validated again, or validated and not yet published).
 */
export type QuizStage =
  | { kind: 'draft' | 'validated' }
  | { kind: 'published'; version: number; hasPendingChanges: boolean };

type StageFields = Pick<QuizRow, 'validatedAt' | 'publishedAt' | 'publishedVersion'>;

export function quizStage({ validatedAt, publishedAt, publishedVersion }: StageFields): QuizStage {
  if (publishedAt === null || publishedVersion === null) {
    return { kind: validatedAt === null ? 'draft' : 'validated' };
  }
  // Instants in UTC ISO 8601 compare as text (as the shared rule compares them).
  const isPublishedAsValidated = validatedAt !== null && publishedAt >= validatedAt;
  return { kind: 'published', version: publishedVersion, hasPendingChanges: !isPublishedAsValidated };
}

/** The shared rule's view of a quiz row or record. */
export function quizStateOf(
  quiz: Pick<QuizRow, 'ativo' | 'questionCount' | 'validatedAt' | 'publishedAt'>,
): QuizState {
  return {
    isActive: quiz.ativo,
    questionCount: quiz.questionCount,
    validatedAt: quiz.validatedAt,
    publishedAt: quiz.publishedAt,
  };
}
