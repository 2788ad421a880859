import {
  type QuestionSaveBody,
  type QuizDetail,
  quizDetailSchema,
  quizRowSchema,
  type TreeMoveBody,
} from '@scentia/shared/quiz.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/api-client.ts';
import { quizRecord } from './get-quiz.ts';
import { invalidateQuiz } from './invalidate-quiz.ts';
import { quizKeys } from './query-keys.ts';

/*
 * The editor's writes. Each answers the quiz as it is now (the whole tree), which becomes the editor's
 * record at once; the lists, the campaigns and the trail are refreshed behind it.
 */

type EditorWrite<Input> = (quizId: number, input: Input) => Promise<QuizDetail>;

const asDetail = { schema: quizDetailSchema };

/**
 * PUT /api/quiz/{id}: the name (with the version the editor loaded; 409 STALE_RECORD when older). It
 * answers the row, so the tree is read again after it.
 */
export const renameQuiz: EditorWrite<{ name: string; updatedAt: string }> = async (quizId, body) => {
  await http.put(`/quiz/${quizId}`, body, { schema: quizRowSchema });
  return quizRecord.fetchRecord(quizId);
};

/** PUT /api/quiz/validate/{id}: 400 QUIZ_INVALID with one `fields` entry per problem. */
export const validateQuiz: EditorWrite<void> = (quizId) =>
  http.put(`/quiz/validate/${quizId}`, undefined, asDetail);

/** PUT /api/quiz/publish/{id}: the validated draft becomes the version the app plays. */
export const publishQuiz: EditorWrite<void> = (quizId) =>
  http.put(`/quiz/publish/${quizId}`, undefined, asDetail);

/** PUT /api/quiz/updateTree/{id}: one of the three moves (400 QUIZ_MOVE_NOT_PERMITTED otherwise). */
export const moveQuizNode: EditorWrite<TreeMoveBody> = (quizId, body) =>
  http.put(`/quiz/updateTree/${quizId}`, body, asDetail);

/** POST /api/question/add-update: a question with its whole answer set. */
export const saveQuestion: EditorWrite<Omit<QuestionSaveBody, 'quizId'>> = (quizId, body) =>
  http.post('/question/add-update', { ...body, quizId }, asDetail);

/** DELETE /api/question/{quizQuestionId}. */
export const deleteQuestion: EditorWrite<number> = (_quizId, quizQuestionId) =>
  http.delete(`/question/${quizQuestionId}`, asDetail);

/**
 * A mutation of the quiz `quizId` through `write`: its answer replaces the cached record, then what
 * shows the quiz elsewhere is marked stale.
 */
export function useQuizWrite<Input>(quizId: number, write: EditorWrite<Input>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => write(quizId, input),
    onSuccess: (detail) => {
      queryClient.setQueryData(quizKeys.detail(quizId), detail);
      // The record just answered is current: refresh everything else, not it.
      void invalidateQuiz(queryClient, { keepDetail: quizId });
    },
  });
}
