import { type QuizRow, quizRowSchema } from '@scentia/shared/quiz.schemas';
import { listEndpoint } from '../../../components/resource-list/list-endpoint.ts';
import { quizKeys } from './query-keys.ts';

/** The quiz list's `orderBy` values (docs/api.md). */
export const QUIZ_SORTS = {
  name: 'name',
  campaign: 'campaign',
  language: 'language',
  publishedAt: 'publishedAt',
  createdAt: 'createdAt',
  updatedAt: 'updatedAt',
} as const;

/** GET /api/quiz: one page (the search matches the quiz's and the campaign's names). */
export const quizList = listEndpoint(quizKeys, '/quiz', quizRowSchema);

export type { QuizRow };
