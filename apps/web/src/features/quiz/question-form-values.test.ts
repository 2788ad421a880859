import { describe, expect, it } from 'vitest';
import {
  answerFieldProblem,
  emptyAnswer,
  emptyQuestion,
  hasOtherQuestion,
  questionFieldProblem,
  questionToBody,
} from './question-form-values.ts';

describe('question form values', () => {
  it('sends a final answer with its fragrances and no next question, and the other way round', () => {
    const body = questionToBody(
      {
        quest: '  Which mood?  ',
        answers: [
          { ...emptyAnswer(), desc: 'Calm', kind: 'final', fragrances: [3, 4], nextQuizQuestionId: 9 },
          { ...emptyAnswer(), desc: 'Lively', kind: 'next', fragrances: [5], nextQuizQuestionId: 7 },
        ],
      },
      12,
      '2026-11-24T10:00:00.000Z',
    );
    expect(body).toEqual({
      quizQuestionId: 12,
      quest: 'Which mood?',
      updatedAt: '2026-11-24T10:00:00.000Z',
      answers: [
        {
          quizQuestionAnswerId: undefined,
          desc: 'Calm',
          description: null,
          isAnswerFinish: true,
          nextQuizQuestionId: null,
          fragrances: [3, 4],
        },
        {
          quizQuestionAnswerId: undefined,
          desc: 'Lively',
          description: null,
          isAnswerFinish: false,
          nextQuizQuestionId: 7,
          fragrances: [],
        },
      ],
    });
  });

  it('starts an answer as final while there is no other question to lead to', () => {
    const one = { questions: [{ quizQuestionId: 4 }] } as never;
    expect(hasOtherQuestion({ questions: [] }, undefined)).toBe(false);
    expect(hasOtherQuestion(one, 4)).toBe(false);
    expect(hasOtherQuestion(one, undefined)).toBe(true);
    expect(emptyQuestion(false).answers[0]?.kind).toBe('final');
    expect(emptyAnswer(false).kind).toBe('final');
    expect(emptyAnswer(true).kind).toBe('next');
  });

  it('puts each of spec §8 field errors under its field', () => {
    expect(questionFieldProblem(emptyQuestion(), 'quest')).toBe('QUIZ_QUESTION_REQUIRED');
    expect(questionFieldProblem({ quest: 'Q', answers: [] }, 'answers')).toBe('QUIZ_ANSWERS_REQUIRED');
    expect(questionFieldProblem({ quest: 'Q', answers: [] }, 'quest')).toBeUndefined();
    expect(answerFieldProblem(emptyAnswer(), 'desc')).toBe('QUIZ_ANSWER_REQUIRED');
    expect(answerFieldProblem(emptyAnswer(), 'nextQuizQuestionId')).toBe('QUIZ_NEXT_REQUIRED');
    expect(answerFieldProblem({ ...emptyAnswer(), desc: 'A' }, 'nextQuizQuestionId')).toBe(
      'QUIZ_NEXT_REQUIRED',
    );
    expect(answerFieldProblem({ ...emptyAnswer(), desc: 'A', kind: 'final' }, 'fragrances')).toBe(
      'QUIZ_FRAGRANCE_REQUIRED',
    );
    expect(answerFieldProblem({ ...emptyAnswer(), desc: 'A', kind: 'final' }, 'desc')).toBeUndefined();
  });
});
