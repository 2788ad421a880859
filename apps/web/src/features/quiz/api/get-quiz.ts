import { quizDetailSchema } from '@scentia/shared/quiz.schemas';
import { recordEndpoint } from '../../../components/resource-form/record-endpoint.ts';
import { quizKeys } from './query-keys.ts';

/** GET /api/quiz/{id}: the quiz with its whole tree and its campaign's collection. */
export const quizRecord = recordEndpoint(quizKeys, '/quiz', quizDetailSchema);
