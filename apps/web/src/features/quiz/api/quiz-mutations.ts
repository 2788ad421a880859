import { quizCreateBodySchema, quizRowSchema } from '@scentia/shared/quiz.schemas';
import { resourceMutations } from '../../../components/resource-form/resource-mutations.ts';
import { invalidateQuiz } from './invalidate-quiz.ts';

/**
 * POST /api/quiz (201 with the row; 400 when the campaign is inactive or already has a quiz in the
 * language), PUT activate, DELETE (deactivates), DELETE ?hardDelete=true (inactive quizzes), export.
 * The editor's own writes (name, questions, moves, validate, publish) are in `quiz-editor-mutations.ts`.
 */
export const quizMutations = resourceMutations({
  path: '/quiz',
  rowSchema: quizRowSchema,
  bodySchema: quizCreateBodySchema,
  invalidate: invalidateQuiz,
});
