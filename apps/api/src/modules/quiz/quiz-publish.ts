import { ErrorCode } from '@scentia/shared/error-codes';
import type { QuizDetail } from '@scentia/shared/quiz.schemas';
import { findQuizProblems, problemPath } from '@scentia/shared/quiz-graph';
import { AppError } from '../../lib/app-error.ts';
import type { QuizRepository } from './quiz.repository.ts';
import { toPublishedQuiz, toQuizGraph } from './quiz-detail.ts';
import { lockFor } from './quiz-lock.ts';
import { QuizTreeRepository } from './quiz-tree.repository.ts';

type PublishingDeps = { repository: QuizRepository; detail: (id: number) => Promise<QuizDetail> };

/** The draft and the collection as they are now, refused with every problem the graph has. */
async function assertValidGraph(tree: QuizTreeRepository, quiz: { id: number; campaignId: number }) {
  const stored = await tree.readTree(quiz.id);
  const collection = await tree.collection(quiz.campaignId);
  const problems = findQuizProblems(toQuizGraph(stored, collection));
  if (problems.length > 0) {
    throw new AppError(ErrorCode.QUIZ_INVALID, {
      fields: problems.map((problem) => ({
        path: problemPath(problem),
        key: `quizProblem.${problem.code}` as const,
      })),
    });
  }
  return stored;
}

/**
 * Validation and publication (spec §4 Quiz; docs/decisions/quiz.md "The quiz: model, drafts and
 * publications"). Both lock the quiz, so neither races an edit: validation checks the draft it marks,
 * publication copies the draft it checked again (a fragrance may have changed since the validation).
 */
export function createQuizPublishing({ repository, detail }: PublishingDeps) {
  return {
    /** `PUT /api/quiz/validate/{quizId}`: 400 QUIZ_INVALID with a field per problem, or validated. */
    async validate(quizId: number): Promise<QuizDetail> {
      await repository.transaction(async (tx) => {
        const quiz = await lockFor(tx, quizId, 'validate');
        await assertValidGraph(new QuizTreeRepository(tx.db), quiz);
        await tx.markValidated(quiz.id);
      });
      return detail(quizId);
    },

    /**
     * `PUT /api/quiz/publish/{quizId}`: the validated draft becomes the next version the app plays,
     * an immutable snapshot with its texts copied and the fragrances it recommends listed.
     */
    async publish(quizId: number, publishedBy: number | null): Promise<QuizDetail> {
      await repository.transaction(async (tx) => {
        const quiz = await lockFor(tx, quizId, 'publish');
        // The collection holds still until the publication commits (a campaign save waits, then sees it).
        await tx.lockCampaign(quiz.campaignId);
        const tree = new QuizTreeRepository(tx.db);
        const stored = await assertValidGraph(tree, quiz);
        const version = await tree.nextVersion(quiz.id);
        const publishedAt = await tx.markPublished(quiz.id, version);
        const snapshot = toPublishedQuiz(quiz, stored, { version, publishedAt });
        const fragranceIds = [...new Set(stored.options.map((option) => option.fragranceId))];
        await tree.insertPublication({
          quizId: quiz.id,
          version,
          snapshot,
          fragranceIds,
          publishedAt,
          publishedBy,
        });
      });
      return detail(quizId);
    },
  };
}
