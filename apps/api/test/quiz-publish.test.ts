import { type PublishedQuiz, publishedQuizSchema, type QuizDetail } from '@scentia/shared/quiz.schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type QuizTestSetup, quizTestSetup } from './quiz-editor-setup.ts';

/** `PUT /api/quiz/validate/{id}` and `PUT /api/quiz/publish/{id}`: the problems, the states, the snapshot. */
let setup: QuizTestSetup;
beforeAll(async () => {
  setup = await quizTestSetup();
});
afterAll(() => setup.ctx.close());

const validate = (quizId: number, language = 'pt-BR') =>
  setup.api('PUT', `/api/quiz/validate/${quizId}`, undefined, language);
const publish = (quizId: number) => setup.api('PUT', `/api/quiz/publish/${quizId}`);
const move = (quizId: number, body: object) => setup.api('PUT', `/api/quiz/updateTree/${quizId}`, body);

function findAnswer(quiz: QuizDetail, label: string) {
  for (const question of quiz.questions) {
    const found = question.answers.find((answer) => answer.answer.label === label);
    if (found) return found;
  }
  throw new Error(`No answer ${label}`);
}

async function publications(quizId: number) {
  return setup.ctx.query<{
    version: number;
    snapshot: PublishedQuiz;
    fragrance_ids: number[];
    published_by: number;
  }>(
    sql`select version, snapshot, fragrance_ids, published_by from quiz_publications where quiz_id = ${quizId} order by version`,
  );
}

describe('validate', () => {
  it('reports every problem on its node, and changes nothing', async () => {
    const {
      createCampaign,
      createQuiz,
      save,
      finalAnswer,
      nextAnswer,
      fragrances,
      detail,
      api,
      ctx,
      expectRefused,
    } = setup;
    const campaignId = await createCampaign();
    const quizId = await createQuiz(campaignId);
    const { inCollection, alsoInCollection } = fragrances;
    await save(quizId, 'Q1?', [finalAnswer('Provisória')]);
    await save(quizId, 'Q2?', [finalAnswer('Provisória')]);
    await save(quizId, 'Q3?', [finalAnswer('C1')]);
    await save(quizId, 'Q4?', [finalAnswer('Provisória')]);
    let quiz = await save(quizId, 'Q5?', [finalAnswer('D1')]);
    const [q1, q2, q3, q4, q5] = quiz.questions.map((question) => question.quizQuestionId) as number[];
    await save(quizId, 'Q2?', [nextAnswer('B1', q1 as number), nextAnswer('B2', q4 as number)], {
      quizQuestionId: q2,
    });
    await save(
      quizId,
      'Q1?',
      [nextAnswer('A1', q2 as number), finalAnswer('A2'), finalAnswer('A3', [alsoInCollection])],
      {
        quizQuestionId: q1,
      },
    );
    await api('DELETE', `/api/question/${q4}`);
    quiz = await detail(quizId);
    // A3's only fragrance goes to A2; D1 goes to Q3, leaving Q5 without answers.
    const a3 = findAnswer(quiz, 'A3');
    expect(
      (
        await move(quizId, {
          nodeType: 'fragrance',
          fragranceOptionId: a3.fragranceOptions[0]?.fragranceOptionId,
          newQuizQuestionAnswerId: findAnswer(quiz, 'A2').quizQuestionAnswerId,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await move(quizId, {
          nodeType: 'answer',
          quizQuestionAnswerId: findAnswer(quiz, 'D1').quizQuestionAnswerId,
          newQuizQuestionId: q3,
        })
      ).statusCode,
    ).toBe(200);
    // What the API refuses to make: a fragrance out of the collection, an inactive one.
    await ctx.query(
      sql`delete from campaign_slots where campaign_id = ${campaignId} and fragrance_id = ${alsoInCollection}`,
    );
    await ctx.query(sql`update fragrances set deleted_at = now() where id = ${inCollection}`);
    try {
      quiz = await detail(quizId);
      const answer = (label: string) => findAnswer(quiz, label);
      const option = (label: string, index: number) =>
        answer(label).fragranceOptions[index]?.fragranceOptionId;
      const refused = await expectRefused(() => validate(quizId, 'en-US'), 400, { code: 'QUIZ_INVALID' });
      expect(refused.json().fields).toEqual([
        { path: `fragrance.${option('A2', 0)}`, message: 'The fragrance is inactive.' },
        {
          path: `fragrance.${option('A2', 1)}`,
          message: "The fragrance is no longer in the campaign's collection.",
        },
        {
          path: `answer.${answer('A3').quizQuestionAnswerId}`,
          message: 'The final answer recommends no fragrance.',
        },
        {
          path: `answer.${answer('B1').quizQuestionAnswerId}`,
          message: 'This answer goes back to an earlier question: the quiz would never end.',
        },
        {
          path: `answer.${answer('B2').quizQuestionAnswerId}`,
          message: 'The answer is not final and leads to no other question.',
        },
        { path: `question.${q3}`, message: 'No answer leads to this question from the first one.' },
        { path: `fragrance.${option('C1', 0)}`, message: 'The fragrance is inactive.' },
        { path: `fragrance.${option('D1', 0)}`, message: 'The fragrance is inactive.' },
        { path: `question.${q5}`, message: 'The question has no answers.' },
        { path: `question.${q5}`, message: 'No answer leads to this question from the first one.' },
      ]);
    } finally {
      await ctx.query(sql`update fragrances set deleted_at = null where id = ${inCollection}`);
    }
  });

  it('refuses a quiz without questions, an inactive one and one already validated', async () => {
    const { createCampaign, createQuiz, save, finalAnswer, api, expectRefused } = setup;
    const quizId = await createQuiz(await createCampaign());
    await expectRefused(() => validate(quizId), 409, { code: 'QUIZ_NO_QUESTION' });
    await save(quizId, 'Única?', [finalAnswer('Sim')]);
    const validated = await validate(quizId);
    expect(validated.statusCode, validated.body).toBe(200);
    expect(validated.json().validatedAt).toEqual(expect.any(String));
    await expectRefused(() => validate(quizId), 409, { code: 'QUIZ_ALREADY_VALIDATED' });
    expect((await api('DELETE', `/api/quiz/${quizId}`)).statusCode).toBe(204);
    await expectRefused(() => validate(quizId), 409, { code: 'RECORD_INACTIVE' });
    await expectRefused(() => publish(quizId), 409, { code: 'RECORD_INACTIVE' });
    await expectRefused(() => validate(99999999), 404, { code: 'NOT_FOUND' });
  });
});

describe('publish', () => {
  it('publishes validated drafts as immutable versions the app reads', async () => {
    const { createCampaign, createQuiz, save, finalAnswer, nextAnswer, fragrances, expectRefused, ctx } =
      setup;
    const campaignId = await createCampaign();
    const quizId = await createQuiz(campaignId, 'en-US', 'Evening Quiz');
    await save(quizId, 'Day or night?', [finalAnswer('Day')]);
    let quiz = await save(quizId, 'Fresh or warm?', [
      finalAnswer('Fresh', [fragrances.alsoInCollection]),
      {
        ...finalAnswer('Warm', [fragrances.inCollection, fragrances.alsoInCollection]),
        description: 'Amber notes',
      },
    ]);
    const [entry, second] = quiz.questions;
    quiz = await save(
      quizId,
      'Day or night?',
      [finalAnswer('Day'), nextAnswer('Night', second?.quizQuestionId as number)],
      {
        quizQuestionId: entry?.quizQuestionId,
      },
    );

    await expectRefused(() => publish(quizId), 409, { code: 'QUIZ_NOT_VALIDATED' });
    expect((await validate(quizId)).statusCode).toBe(200);
    const published = await publish(quizId);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({
      publishedVersion: 1,
      publishedAt: expect.any(String),
      validatedAt: expect.any(String),
    });
    await expectRefused(() => publish(quizId), 409, { code: 'QUIZ_ALREADY_PUBLISHED' });

    const [first] = await publications(quizId);
    const [operator] = await ctx.query<{ id: number }>(
      sql`select u.id from users u join profiles p on p.id = u.profile_id where upper(p.name) = 'OPERADOR'`,
    );
    expect(first?.published_by).toBe(operator?.id);
    expect([...(first?.fragrance_ids ?? [])].sort()).toEqual(
      [fragrances.inCollection, fragrances.alsoInCollection].sort(),
    );
    const expected: PublishedQuiz = {
      quizId,
      version: 1,
      name: 'Evening Quiz',
      campaignId,
      language: 'en-US',
      publishedAt: published.json().publishedAt,
      entryQuestionId: entry?.quizQuestionId as number,
      questions: [
        {
          quizQuestionId: entry?.quizQuestionId as number,
          quest: 'Day or night?',
          answers: [
            {
              quizQuestionAnswerId: quiz.questions[0]?.answers[0]?.quizQuestionAnswerId as number,
              label: 'Day',
              description: null,
              nextQuestionId: null,
              fragranceIds: [fragrances.inCollection],
            },
            {
              quizQuestionAnswerId: quiz.questions[0]?.answers[1]?.quizQuestionAnswerId as number,
              label: 'Night',
              description: null,
              nextQuestionId: second?.quizQuestionId as number,
              fragranceIds: [],
            },
          ],
        },
        {
          quizQuestionId: second?.quizQuestionId as number,
          quest: 'Fresh or warm?',
          answers: [
            {
              quizQuestionAnswerId: second?.answers[0]?.quizQuestionAnswerId as number,
              label: 'Fresh',
              description: null,
              nextQuestionId: null,
              fragranceIds: [fragrances.alsoInCollection],
            },
            {
              quizQuestionAnswerId: second?.answers[1]?.quizQuestionAnswerId as number,
              label: 'Warm',
              description: 'Amber notes',
              nextQuestionId: null,
              fragranceIds: [fragrances.inCollection, fragrances.alsoInCollection],
            },
          ],
        },
      ],
    };
    expect(first?.snapshot).toEqual(expected);
    expect(publishedQuizSchema.parse(first?.snapshot)).toEqual(expected);

    // Editing the draft leaves the live version as it was, and publishing needs a validation again.
    const edited = await save(
      quizId,
      'Fresh or warm?',
      [finalAnswer('Fresh and green', [fragrances.alsoInCollection])],
      {
        quizQuestionId: second?.quizQuestionId,
      },
    );
    expect(edited).toMatchObject({ validatedAt: null, publishedVersion: 1 });
    await expectRefused(() => publish(quizId), 409, { code: 'QUIZ_NOT_VALIDATED' });
    expect((await publications(quizId))[0]?.snapshot).toEqual(expected);

    expect((await validate(quizId)).statusCode).toBe(200);
    const again = await publish(quizId);
    expect(again.json()).toMatchObject({ publishedVersion: 2 });
    const both = await publications(quizId);
    expect(both.map((row) => row.version)).toEqual([1, 2]);
    expect(both[0]?.snapshot).toEqual(expected);
    expect(both[1]?.snapshot.questions[1]?.answers.map((answer) => answer.label)).toEqual([
      'Fresh and green',
    ]);
    expect([...(both[1]?.fragrance_ids ?? [])].sort()).toEqual(
      [fragrances.inCollection, fragrances.alsoInCollection].sort(),
    );
  });
});
