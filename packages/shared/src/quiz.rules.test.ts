import { describe, expect, it } from 'vitest';
import { ErrorCode } from './error-codes.ts';
import { answerProblem, questionProblem, quizActionRefusal, quizRowActions } from './quiz.rules.ts';
import { type TreeMoveBody, treeMoveFromBody } from './quiz.schemas.ts';

const VALIDATED = '2026-03-01T10:00:00.000Z';
const LATER = '2026-03-02T10:00:00.000Z';
const quiz = (overrides: Partial<Parameters<typeof quizActionRefusal>[0]> = {}) => ({
  isActive: true,
  questionCount: 3,
  validatedAt: null,
  publishedAt: null,
  ...overrides,
});

describe('quizActionRefusal', () => {
  it('edits only an active quiz and deletes for good only an inactive one', () => {
    expect(quizActionRefusal(quiz(), 'edit')).toBeUndefined();
    expect(quizActionRefusal(quiz({ isActive: false }), 'edit')).toBe(ErrorCode.RECORD_INACTIVE);
    expect(quizActionRefusal(quiz(), 'delete')).toBe(ErrorCode.RECORD_ACTIVE);
    expect(quizActionRefusal(quiz({ isActive: false }), 'delete')).toBeUndefined();
    expect(quizActionRefusal(quiz(), 'toggle')).toBeUndefined();
    expect(quizActionRefusal(quiz({ isActive: false }), 'toggle')).toBeUndefined();
  });

  it('validates an active draft with questions, once', () => {
    expect(quizActionRefusal(quiz(), 'validate')).toBeUndefined();
    expect(quizActionRefusal(quiz({ questionCount: 0 }), 'validate')).toBe(ErrorCode.QUIZ_NO_QUESTION);
    expect(quizActionRefusal(quiz({ validatedAt: VALIDATED }), 'validate')).toBe(
      ErrorCode.QUIZ_ALREADY_VALIDATED,
    );
    expect(quizActionRefusal(quiz({ isActive: false }), 'validate')).toBe(ErrorCode.RECORD_INACTIVE);
  });

  it('publishes once validated, and again only after a change is validated again', () => {
    // draft → validated → published → edited (validation cleared) → validated again → published again
    const draft = quiz({ publishedAt: null });
    expect(quizActionRefusal(draft, 'publish')).toBe(ErrorCode.QUIZ_NOT_VALIDATED);
    const validated = { ...draft, validatedAt: VALIDATED };
    expect(quizActionRefusal(validated, 'publish')).toBeUndefined();
    const published = { ...validated, publishedAt: LATER };
    expect(quizActionRefusal(published, 'publish')).toBe(ErrorCode.QUIZ_ALREADY_PUBLISHED);
    expect(quizActionRefusal(published, 'validate')).toBe(ErrorCode.QUIZ_ALREADY_VALIDATED);
    const edited = { ...published, validatedAt: null };
    expect(quizActionRefusal(edited, 'publish')).toBe(ErrorCode.QUIZ_NOT_VALIDATED);
    expect(quizActionRefusal(edited, 'validate')).toBeUndefined();
    const revalidated = { ...edited, validatedAt: '2026-03-03T10:00:00.000Z' };
    expect(quizActionRefusal(revalidated, 'publish')).toBeUndefined();
    expect(quizActionRefusal({ ...revalidated, isActive: false }, 'publish')).toBe(ErrorCode.RECORD_INACTIVE);
  });

  it('counts a publication at the instant of its validation as published', () => {
    expect(quizActionRefusal(quiz({ validatedAt: VALIDATED, publishedAt: VALIDATED }), 'publish')).toBe(
      ErrorCode.QUIZ_ALREADY_PUBLISHED,
    );
  });

  it('offers on a row exactly the row actions that are not refused', () => {
    expect(quizRowActions(quiz())).toEqual(['toggle', 'edit']);
    expect(quizRowActions(quiz({ isActive: false }))).toEqual(['toggle', 'delete']);
  });
});

describe('answerProblem', () => {
  const final = { answerId: 4, isAnswerFinish: true, fragrances: [1, 2] };
  const leading = { desc: 'Citrus', isAnswerFinish: false, nextQuizQuestionId: 9, fragrances: [] };

  it('accepts a final answer with fragrances and an answer leading on', () => {
    expect(answerProblem(final)).toBeUndefined();
    expect(answerProblem(leading)).toBeUndefined();
    expect(answerProblem({ ...final, nextQuizQuestionId: null })).toBeUndefined();
  });

  it('asks for a text: a bank answer or a new one, not blank', () => {
    for (const text of [{}, { desc: '' }, { desc: '   ' }, { desc: null }, { answerId: null }])
      expect(answerProblem({ isAnswerFinish: true, fragrances: [1], ...text })).toBe(
        ErrorCode.QUIZ_ANSWER_REQUIRED,
      );
  });

  it('asks a final answer for fragrances, each once, and no next question', () => {
    expect(answerProblem({ ...final, fragrances: [] })).toBe(ErrorCode.QUIZ_FRAGRANCE_REQUIRED);
    expect(answerProblem({ ...final, fragrances: [1, 2, 1] })).toBe(ErrorCode.QUIZ_FRAGRANCE_DUPLICATE);
    expect(answerProblem({ ...final, nextQuizQuestionId: 9 })).toBe(ErrorCode.QUIZ_MOVE_NOT_PERMITTED);
  });

  it('asks any other answer for a next question, and no fragrance', () => {
    expect(answerProblem({ ...leading, nextQuizQuestionId: null })).toBe(ErrorCode.QUIZ_NEXT_REQUIRED);
    expect(answerProblem({ ...leading, nextQuizQuestionId: undefined })).toBe(ErrorCode.QUIZ_NEXT_REQUIRED);
    expect(answerProblem({ ...leading, fragrances: [1] })).toBe(ErrorCode.QUIZ_MOVE_NOT_PERMITTED);
  });
});

describe('questionProblem', () => {
  it('asks for a text (a bank question or a new one) and an answer', () => {
    expect(questionProblem({ questionId: 3, answers: [{}] })).toBeUndefined();
    expect(questionProblem({ quest: 'Which mood?', answers: [{}] })).toBeUndefined();
    expect(questionProblem({ quest: '  ', answers: [{}] })).toBe(ErrorCode.QUIZ_QUESTION_REQUIRED);
    expect(questionProblem({ questionId: null, quest: null, answers: [{}] })).toBe(
      ErrorCode.QUIZ_QUESTION_REQUIRED,
    );
    expect(questionProblem({ questionId: 3, answers: [] })).toBe(ErrorCode.QUIZ_ANSWERS_REQUIRED);
    // The text is asked for first: a blank question without answers names its text.
    expect(questionProblem({ answers: [] })).toBe(ErrorCode.QUIZ_QUESTION_REQUIRED);
  });
});

describe('treeMoveFromBody', () => {
  it('reads each of the three moves', () => {
    expect(
      treeMoveFromBody({ nodeType: 'fragrance', fragranceOptionId: 5, newQuizQuestionAnswerId: 7 }),
    ).toEqual({
      nodeType: 'fragrance',
      fragranceOptionId: 5,
      newQuizQuestionAnswerId: 7,
    });
    expect(treeMoveFromBody({ nodeType: 'question', quizQuestionAnswerId: 7, nextQuestionId: 2 })).toEqual({
      nodeType: 'question',
      quizQuestionAnswerId: 7,
      nextQuestionId: 2,
    });
    expect(treeMoveFromBody({ nodeType: 'answer', quizQuestionAnswerId: 7, newQuizQuestionId: 2 })).toEqual({
      nodeType: 'answer',
      quizQuestionAnswerId: 7,
      newQuizQuestionId: 2,
    });
  });

  it('ignores the version the editor loaded', () => {
    const updatedAt = '2026-03-01T10:00:00.000Z';
    expect(
      treeMoveFromBody({ nodeType: 'answer', quizQuestionAnswerId: 7, newQuizQuestionId: 2, updatedAt }),
    ).toEqual({ nodeType: 'answer', quizQuestionAnswerId: 7, newQuizQuestionId: 2 });
  });

  it('reads nothing else: a field missing, one too many, or the fields of another move', () => {
    const refused: TreeMoveBody[] = [
      { nodeType: 'fragrance', fragranceOptionId: 5 },
      { nodeType: 'fragrance', newQuizQuestionAnswerId: 7 },
      { nodeType: 'fragrance', fragranceOptionId: 5, newQuizQuestionAnswerId: 7, nextQuestionId: 2 },
      { nodeType: 'fragrance', quizQuestionAnswerId: 7, nextQuestionId: 2 },
      { nodeType: 'question', quizQuestionAnswerId: 7 },
      { nodeType: 'question', quizQuestionAnswerId: 7, newQuizQuestionId: 2 },
      { nodeType: 'question', fragranceOptionId: 5, newQuizQuestionAnswerId: 7 },
      { nodeType: 'answer', quizQuestionAnswerId: 7, nextQuestionId: 2 },
      { nodeType: 'answer', newQuizQuestionId: 2 },
      { nodeType: 'answer', quizQuestionAnswerId: 7, newQuizQuestionId: 2, fragranceOptionId: 5 },
      { nodeType: 'answer' },
    ];
    for (const body of refused) expect(treeMoveFromBody(body), JSON.stringify(body)).toBeUndefined();
  });
});
