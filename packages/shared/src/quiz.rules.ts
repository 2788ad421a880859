import { ErrorCode } from './error-codes.ts';

export type QuizAction = 'toggle' | 'delete' | 'edit' | 'validate' | 'publish';

const QUIZ_ROW_ACTIONS: readonly QuizAction[] = ['toggle', 'delete', 'edit'];

export type QuizState = {
  isActive: boolean;
  questionCount: number;
  validatedAt: string | null;
  publishedAt: string | null;
};

/** Published since its last validation: what the app plays is the draft as validated. */
const isPublishedAsValidated = (quiz: QuizState) =>
  quiz.validatedAt !== null && quiz.publishedAt !== null && quiz.publishedAt >= quiz.validatedAt;

/**
 * Why `action` is refused on a quiz (spec §4 Quiz), or undefined when it is allowed. The API answers
 * this code; the list and the editor hide or disable what would be refused.
 * - Edit (name, questions, answers, moves) only while active. Any change clears `validatedAt`.
 * - Permanent delete only for an inactive quiz.
 * - Validate: refused once validated and while there is no question (the graph's other problems are
 *   found by `findQuizProblems`).
 * - Publish: refused until validated, and after publishing until a change is validated again.
 *   `validatedAt` and `publishedAt` are ISO 8601 instants in UTC, so they compare as text.
 */
export function quizActionRefusal(quiz: QuizState, action: QuizAction): ErrorCode | undefined {
  switch (action) {
    case 'toggle':
      return undefined;
    case 'delete':
      return quiz.isActive ? ErrorCode.RECORD_ACTIVE : undefined;
    case 'edit':
      return quiz.isActive ? undefined : ErrorCode.RECORD_INACTIVE;
    case 'validate':
      if (!quiz.isActive) return ErrorCode.RECORD_INACTIVE;
      if (quiz.validatedAt !== null) return ErrorCode.QUIZ_ALREADY_VALIDATED;
      return quiz.questionCount === 0 ? ErrorCode.QUIZ_NO_QUESTION : undefined;
    case 'publish':
      if (!quiz.isActive) return ErrorCode.RECORD_INACTIVE;
      if (quiz.validatedAt === null) return ErrorCode.QUIZ_NOT_VALIDATED;
      return isPublishedAsValidated(quiz) ? ErrorCode.QUIZ_ALREADY_PUBLISHED : undefined;
  }
}

/** The actions a quiz row offers, in the order they are shown. */
export function quizRowActions(quiz: QuizState): QuizAction[] {
  return QUIZ_ROW_ACTIONS.filter((action) => quizActionRefusal(quiz, action) === undefined);
}

/**
 * The field rules of one answer in a question's save (spec §5 Quiz), as the error code and the
 * message key of its field, or undefined when it is complete: a text (a bank answer or a new one); a
 * final answer recommends at least one fragrance and leads nowhere; any other leads to a next question
 * and recommends none.
 */
export function answerProblem(answer: {
  answerId?: number | null;
  desc?: string | null;
  isAnswerFinish: boolean;
  nextQuizQuestionId?: number | null;
  fragrances: readonly number[];
}): ErrorCode | undefined {
  if (!answer.answerId && !answer.desc?.trim()) return ErrorCode.QUIZ_ANSWER_REQUIRED;
  if (answer.isAnswerFinish) {
    if (answer.nextQuizQuestionId) return ErrorCode.QUIZ_MOVE_NOT_PERMITTED;
    if (answer.fragrances.length === 0) return ErrorCode.QUIZ_FRAGRANCE_REQUIRED;
    return new Set(answer.fragrances).size === answer.fragrances.length
      ? undefined
      : ErrorCode.QUIZ_FRAGRANCE_DUPLICATE;
  }
  if (answer.fragrances.length > 0) return ErrorCode.QUIZ_MOVE_NOT_PERMITTED;
  return answer.nextQuizQuestionId ? undefined : ErrorCode.QUIZ_NEXT_REQUIRED;
}

/** A question's own rules (spec §5 Quiz): its text (a bank question or a new one) and an answer. */
export function questionProblem(question: {
  questionId?: number | null;
  quest?: string | null;
  answers: readonly unknown[];
}): ErrorCode | undefined {
  if (!question.questionId && !question.quest?.trim()) return ErrorCode.QUIZ_QUESTION_REQUIRED;
  return question.answers.length === 0 ? ErrorCode.QUIZ_ANSWERS_REQUIRED : undefined;
}
