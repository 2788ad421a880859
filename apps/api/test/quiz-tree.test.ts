import type { QuizDetail } from '@scentia/shared/quiz.schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type QuizTestSetup, quizTestSetup } from './quiz-editor-setup.ts';

/** `PUT /api/quiz/updateTree/{quizId}`: the three moves, and every move refused. */
let setup: QuizTestSetup;
beforeAll(async () => {
  setup = await quizTestSetup();
});
afterAll(() => setup.ctx.close());

/**
 * Q1 (entry): "Flores" → Q2, "Madeira" final [in], "Cítrico" final [in, also]
 * Q2: "Dia" final [also], "Noite" → Q3
 * Q3: "Fim" final [in]
 */
async function branchingQuiz() {
  const { createCampaign, createQuiz, save, finalAnswer, nextAnswer, fragrances, questionId } = setup;
  const quizId = await createQuiz(await createCampaign());
  await save(quizId, 'Q1?', [finalAnswer('Provisória')]);
  await save(quizId, 'Q2?', [finalAnswer('Provisória')]);
  const q3 = questionId(await save(quizId, 'Q3?', [finalAnswer('Fim')]), 'Q3?');
  let quiz = await setup.detail(quizId);
  const [q1, q2] = [questionId(quiz, 'Q1?'), questionId(quiz, 'Q2?')];
  await save(quizId, 'Q2?', [finalAnswer('Dia', [fragrances.alsoInCollection]), nextAnswer('Noite', q3)], {
    quizQuestionId: q2,
  });
  quiz = await save(
    quizId,
    'Q1?',
    [
      nextAnswer('Flores', q2),
      finalAnswer('Madeira'),
      finalAnswer('Cítrico', [fragrances.inCollection, fragrances.alsoInCollection]),
    ],
    { quizQuestionId: q1 },
  );
  const answer = (label: string) => {
    for (const question of quiz.questions) {
      const found = question.answers.find((candidate) => candidate.answer.label === label);
      if (found) return found;
    }
    throw new Error(`No answer ${label}`);
  };
  return { quizId, quiz, q1, q2, q3, answer };
}

const move = (quizId: number, body: object) => setup.api('PUT', `/api/quiz/updateTree/${quizId}`, body);
const labelsOf = (quiz: QuizDetail, quizQuestionId: number) =>
  quiz.questions
    .find((question) => question.quizQuestionId === quizQuestionId)
    ?.answers.map((answer) => answer.answer.label);

describe('tree moves', () => {
  it('moves a fragrance option to a final answer that does not recommend it yet', async () => {
    const { fragrances } = setup;
    const { quizId, answer } = await branchingQuiz();
    const option = answer('Cítrico').fragranceOptions[1];
    const moved = await move(quizId, {
      nodeType: 'fragrance',
      fragranceOptionId: option?.fragranceOptionId,
      newQuizQuestionAnswerId: answer('Madeira').quizQuestionAnswerId,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const quiz: QuizDetail = moved.json();
    const madeira = quiz.questions[0]?.answers[1];
    expect(madeira?.fragranceOptions.map((entry) => entry.fragranceId)).toEqual([
      fragrances.inCollection,
      fragrances.alsoInCollection,
    ]);
    expect(madeira?.fragranceOptions[1]?.fragranceOptionId).toBe(option?.fragranceOptionId);
    expect(quiz.questions[0]?.answers[2]?.fragranceOptions.map((entry) => entry.fragranceId)).toEqual([
      fragrances.inCollection,
    ]);
  });

  it("sets a question as a non-final answer's next question", async () => {
    const { quizId, answer, q3 } = await branchingQuiz();
    const moved = await move(quizId, {
      nodeType: 'question',
      quizQuestionAnswerId: answer('Flores').quizQuestionAnswerId,
      nextQuestionId: q3,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().questions[0].answers[0]).toMatchObject({
      nextQuestionId: q3,
      nextQuestion: { quest: 'Q3?' },
    });
  });

  it('moves an answer to another question, as its last', async () => {
    const { quizId, answer, q1, q3 } = await branchingQuiz();
    const moved = await move(quizId, {
      nodeType: 'answer',
      quizQuestionAnswerId: answer('Madeira').quizQuestionAnswerId,
      newQuizQuestionId: q3,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(labelsOf(moved.json(), q1)).toEqual(['Flores', 'Cítrico']);
    expect(labelsOf(moved.json(), q3)).toEqual(['Fim', 'Madeira']);
    expect(moved.json().validatedAt).toBeNull();
  });

  it("refuses any other shape or parent with 'Action does not permitted', changing nothing", async () => {
    const { expectRefused } = setup;
    const { quizId, answer, q2, q3 } = await branchingQuiz();
    const notPermitted = { code: 'QUIZ_MOVE_NOT_PERMITTED' };
    const citrus = answer('Cítrico');
    const refused = await expectRefused(
      () =>
        setup.api(
          'PUT',
          `/api/quiz/updateTree/${quizId}`,
          { nodeType: 'question', quizQuestionAnswerId: citrus.quizQuestionAnswerId, nextQuestionId: q3 },
          'en-US',
        ),
      400,
      notPermitted,
    );
    expect(refused.json().message).toBe('Action does not permitted');
    const shapes = [
      // A question under a final answer (above), a fragrance under a non-final one or one that has it.
      {
        nodeType: 'fragrance',
        fragranceOptionId: citrus.fragranceOptions[0]?.fragranceOptionId,
        newQuizQuestionAnswerId: answer('Flores').quizQuestionAnswerId,
      },
      {
        nodeType: 'fragrance',
        fragranceOptionId: citrus.fragranceOptions[0]?.fragranceOptionId,
        newQuizQuestionAnswerId: answer('Madeira').quizQuestionAnswerId,
      },
      {
        nodeType: 'fragrance',
        fragranceOptionId: citrus.fragranceOptions[0]?.fragranceOptionId,
        newQuizQuestionAnswerId: citrus.quizQuestionAnswerId,
      },
      // Fields of another shape, too few, too many.
      { nodeType: 'answer', quizQuestionAnswerId: citrus.quizQuestionAnswerId, nextQuestionId: q2 },
      { nodeType: 'question', fragranceOptionId: 1, newQuizQuestionAnswerId: citrus.quizQuestionAnswerId },
      { nodeType: 'answer', quizQuestionAnswerId: citrus.quizQuestionAnswerId },
      {
        nodeType: 'answer',
        quizQuestionAnswerId: citrus.quizQuestionAnswerId,
        newQuizQuestionId: q2,
        nextQuestionId: q2,
      },
      { nodeType: 'fragrance' },
    ];
    for (const shape of shapes) await expectRefused(() => move(quizId, shape), 400, notPermitted);
    await expectRefused(
      () => move(quizId, { nodeType: 'quiz', quizQuestionAnswerId: 1, newQuizQuestionId: 2 }),
      400,
      {
        code: 'VALIDATION',
      },
    );
  });

  it("answers 404 for another quiz's nodes, 409 for an inactive quiz or a stale version", async () => {
    const { expectRefused, api } = setup;
    const mine = await branchingQuiz();
    const theirs = await branchingQuiz();
    const flowers = mine.answer('Flores').quizQuestionAnswerId;
    const notFound = { code: 'NOT_FOUND' };
    await expectRefused(
      () =>
        move(mine.quizId, { nodeType: 'question', quizQuestionAnswerId: flowers, nextQuestionId: theirs.q3 }),
      404,
      notFound,
    );
    await expectRefused(
      () =>
        move(mine.quizId, {
          nodeType: 'answer',
          quizQuestionAnswerId: theirs.answer('Madeira').quizQuestionAnswerId,
          newQuizQuestionId: mine.q3,
        }),
      404,
      notFound,
    );
    await expectRefused(
      () =>
        move(mine.quizId, {
          nodeType: 'fragrance',
          fragranceOptionId: theirs.answer('Cítrico').fragranceOptions[0]?.fragranceOptionId,
          newQuizQuestionAnswerId: mine.answer('Madeira').quizQuestionAnswerId,
        }),
      404,
      notFound,
    );
    await expectRefused(
      () =>
        move(mine.quizId, {
          nodeType: 'question',
          quizQuestionAnswerId: flowers,
          nextQuestionId: mine.q3,
          updatedAt: '2020-01-01T00:00:00Z',
        }),
      409,
      { code: 'STALE_RECORD' },
    );
    await expectRefused(
      () => move(99999999, { nodeType: 'question', quizQuestionAnswerId: flowers, nextQuestionId: mine.q3 }),
      404,
      notFound,
    );
    expect((await api('DELETE', `/api/quiz/${mine.quizId}`)).statusCode).toBe(204);
    await expectRefused(
      () =>
        move(mine.quizId, { nodeType: 'question', quizQuestionAnswerId: flowers, nextQuestionId: mine.q3 }),
      409,
      {
        code: 'RECORD_INACTIVE',
      },
    );
  });
});
