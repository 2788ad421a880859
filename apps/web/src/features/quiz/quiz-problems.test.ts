import type { QuizDetail } from '@scentia/shared/quiz.schemas';
import { describe, expect, it } from 'vitest';
import { listedProblems, problemNodeKey, quizProblems } from './quiz-problems.ts';

const option = (fragranceOptionId: number, fragranceId: number, active = true) => ({
  fragranceOptionId,
  fragranceId,
  fragrance: { name: `F${fragranceId}`, active },
});

/** Q1's answer 11 ends with fragrances 7 (and `extra`); Q2 is reached by nothing. */
function quiz(extra: ReturnType<typeof option>[] = []): Pick<QuizDetail, 'questions' | 'campaign'> {
  const answer = (id: number, options: ReturnType<typeof option>[]) => ({
    quizQuestionAnswerId: id,
    answerId: id,
    answer: { label: `A${id}`, description: null },
    isAnswerFinish: true,
    nextQuestionId: null,
    nextQuestion: null,
    fragranceOptions: options,
  });
  return {
    campaign: {
      name: 'C',
      collection: [7, 8].map((fragranceId, index) => ({
        slot: index + 1,
        fragranceId,
        fragrance: { name: `F${fragranceId}`, image: null },
      })),
    },
    questions: [
      {
        quizQuestionId: 1,
        questionId: 1,
        question: { quest: 'Q1' },
        answers: [answer(11, [option(71, 7), ...extra])],
      },
      { quizQuestionId: 2, questionId: 2, question: { quest: 'Q2' }, answers: [answer(21, [option(81, 8)])] },
    ],
  };
}

describe('quizProblems', () => {
  it('finds what the API would refuse, on the node it concerns', () => {
    expect(quizProblems(quiz())).toEqual([{ code: 'unreachable', nodeType: 'question', nodeId: 2 }]);
  });

  it('reads a fragrance as inactive when an answer says so, and one out of the collection as gone', () => {
    const problems = quizProblems(quiz([option(72, 8, false), option(73, 9)]));
    expect(problems).toContainEqual({ code: 'fragranceInactive', nodeType: 'fragrance', nodeId: 72 });
    expect(problems).toContainEqual({ code: 'fragranceNotInCollection', nodeType: 'fragrance', nodeId: 73 });
  });
});

describe('problem paths', () => {
  it('names the tree node of a path, none for the quiz', () => {
    expect(problemNodeKey('question.12')).toBe('q:12');
    expect(problemNodeKey('answer.34')).toBe('a:34');
    expect(problemNodeKey('fragrance.56')).toBe('f:56');
    expect(problemNodeKey('quiz')).toBeUndefined();
  });

  it("lists the editor's own problems, and the server's only when it finds none", () => {
    const reported = [{ path: 'question.9', message: 'from the server' }];
    expect(listedProblems([{ code: 'cycle', nodeType: 'answer', nodeId: 3 }], reported)).toEqual([
      { path: 'answer.3', code: 'cycle' },
    ]);
    expect(listedProblems([], reported)).toEqual([{ path: 'question.9', message: 'from the server' }]);
  });
});
