import type { ErrorCode } from '@scentia/shared/error-codes';
import { answerProblem, questionProblem } from '@scentia/shared/quiz.rules';
import type { QuestionSaveBody, QuizDetail } from '@scentia/shared/quiz.schemas';
import { optionalText } from '../../components/resource-form/form-values.ts';

/**
 * The question builder's values as antd holds them. Texts are the typeaheads' values: a bank text
 * chosen or a new one typed; the API finds a text in the bank by name, so reuse needs no id. The
 * field names are the body's, so the server's field errors (`answers.1.fragrances`) land on them.
 */
export type AnswerValues = {
  quizQuestionAnswerId?: number;
  desc: string | null;
  description: string;
  kind: 'final' | 'next';
  fragrances: number[];
  nextQuizQuestionId: number | null;
};
export type QuestionValues = { quest: string | null; answers: AnswerValues[] };

/**
 * A new answer: leading to another question when there is one to lead to, else final (an answer
 * leading on with no question to choose could only be refused).
 */
export const emptyAnswer = (canLeadOn = true): AnswerValues => ({
  desc: null,
  description: '',
  kind: canLeadOn ? 'next' : 'final',
  fragrances: [],
  nextQuizQuestionId: null,
});

export const emptyQuestion = (canLeadOn = true): QuestionValues => ({
  quest: null,
  answers: [emptyAnswer(canLeadOn)],
});

/** Whether the quiz has a question other than `quizQuestionId` (undefined: a new one) to lead to. */
export const hasOtherQuestion = (quiz: Pick<QuizDetail, 'questions'>, quizQuestionId: number | undefined) =>
  quiz.questions.some((question) => question.quizQuestionId !== quizQuestionId);

type Question = QuizDetail['questions'][number];

export function questionToValues(question: Question): QuestionValues {
  return {
    quest: question.question.quest,
    answers: question.answers.map((answer) => ({
      quizQuestionAnswerId: answer.quizQuestionAnswerId,
      desc: answer.answer.label,
      description: answer.answer.description ?? '',
      kind: answer.isAnswerFinish ? 'final' : 'next',
      fragrances: answer.fragranceOptions.map((option) => option.fragranceId),
      nextQuizQuestionId: answer.nextQuestionId,
    })),
  };
}

/** One answer of the body: a final answer recommends its fragrances, any other names its next question. */
function answerToBody(answer: Partial<AnswerValues> | undefined): QuestionSaveBody['answers'][number] {
  const isFinal = answer?.kind === 'final';
  return {
    quizQuestionAnswerId: answer?.quizQuestionAnswerId,
    desc: answer?.desc?.trim() || undefined,
    description: optionalText(answer?.description),
    isAnswerFinish: isFinal,
    nextQuizQuestionId: isFinal ? null : (answer?.nextQuizQuestionId ?? null),
    fragrances: isFinal ? (answer?.fragrances ?? []) : [],
  };
}

/** The body of POST /api/question/add-update without its quiz (`quizQuestionId` for an edit). */
export function questionToBody(
  values: QuestionValues,
  quizQuestionId: number | undefined,
  updatedAt: string | undefined,
): Omit<QuestionSaveBody, 'quizId'> {
  return {
    quizQuestionId,
    quest: values.quest?.trim() || undefined,
    answers: (values.answers ?? []).map(answerToBody),
    updatedAt,
  };
}

/** The answer field a shared rule's refusal belongs under (spec §8's field errors). */
export type AnswerField = 'desc' | 'fragrances' | 'nextQuizQuestionId';

/**
 * The problem of one answer's field, by the shared rule, or undefined. The rule answers one problem
 * an answer; a field other than the text is checked as if the text were there, so an empty answer
 * shows every missing field at once.
 */
export function answerFieldProblem(
  answer: Partial<AnswerValues> | undefined,
  field: AnswerField,
): ErrorCode | undefined {
  const body = answerToBody(answer);
  const code = answerProblem(field === 'desc' ? body : { ...body, desc: body.desc ?? '-' });
  const fieldOf: Partial<Record<ErrorCode, AnswerField>> = {
    QUIZ_ANSWER_REQUIRED: 'desc',
    QUIZ_FRAGRANCE_REQUIRED: 'fragrances',
    QUIZ_FRAGRANCE_DUPLICATE: 'fragrances',
    QUIZ_NEXT_REQUIRED: 'nextQuizQuestionId',
  };
  return code && fieldOf[code] === field ? code : undefined;
}

/** The question's text or answer-count problem, by the shared rule. */
export function questionFieldProblem(
  values: { quest?: string | null; answers?: readonly unknown[] },
  field: 'quest' | 'answers',
) {
  const code = questionProblem({ quest: values.quest, answers: values.answers ?? [] });
  if (code === 'QUIZ_QUESTION_REQUIRED') return field === 'quest' ? code : undefined;
  return code === 'QUIZ_ANSWERS_REQUIRED' && field === 'answers' ? code : undefined;
}
