import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type QuizTestSetup, quizTestSetup } from './quiz-editor-setup.ts';

/**
 * Concurrent changes of one quiz take turns on its row: the tree is always one save's whole answer
 * set, never a mix; bank texts added at once end on one row; a campaign save and a quiz save racing
 * over a slot never both win.
 */
let setup: QuizTestSetup;
beforeAll(async () => {
  setup = await quizTestSetup();
});
afterAll(() => setup.ctx.close());

const ROUNDS = 6;

describe('concurrent quiz edits', () => {
  it('saves of one question at once leave one of the saved answer sets, whole', async () => {
    const { createCampaign, createQuiz, save, finalAnswer, fragrances, api, detail } = setup;
    const quizId = await createQuiz(await createCampaign());
    const question = (await save(quizId, 'Corrida?', [finalAnswer('Inicial')])).questions[0];
    const answerSets = Array.from({ length: ROUNDS }, (_, round) =>
      Array.from({ length: 3 + (round % 3) }, (_, index) =>
        finalAnswer(
          `Volta ${round} resposta ${index}`,
          index % 2 ? [fragrances.alsoInCollection] : [fragrances.inCollection, fragrances.alsoInCollection],
        ),
      ),
    );
    const responses = await Promise.all(
      answerSets.map((answers) =>
        api('POST', '/api/question/add-update', {
          quizId,
          quizQuestionId: question?.quizQuestionId,
          quest: 'Corrida?',
          answers,
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(answerSets.map(() => 200));

    const quiz = await detail(quizId);
    const answers = quiz.questions[0]?.answers ?? [];
    const labels = answers.map((answer) => answer.answer.label);
    const winner = answerSets.find(
      (answerSet) => answerSet.map((answer) => answer.desc).join() === labels.join(),
    );
    expect(winner, labels.join()).toBeDefined();
    expect(answers.map((answer) => answer.fragranceOptions.map((option) => option.fragranceId))).toEqual(
      winner?.map((answer) => answer.fragrances),
    );
    const [stored] = await setup.ctx.query<{ answers: number; positions: number[] }>(sql`
      select count(*)::int as answers, array_agg(position order by position) as positions
      from quiz_answers where quiz_id = ${quizId}`);
    expect(stored?.positions).toEqual(labels.map((_, index) => index));
  });

  it('new questions at once are all added, each with its answers', async () => {
    const { createCampaign, createQuiz, finalAnswer, api, detail } = setup;
    const quizId = await createQuiz(await createCampaign());
    const responses = await Promise.all(
      Array.from({ length: ROUNDS }, (_, round) =>
        api('POST', '/api/question/add-update', {
          quizId,
          quest: `Pergunta paralela ${round}?`,
          answers: [finalAnswer(`Sim ${round}`), finalAnswer(`Não ${round}`)],
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 200));
    const quiz = await detail(quizId);
    expect(quiz.questionCount).toBe(ROUNDS);
    for (const question of quiz.questions) {
      const round = question.question.quest.match(/\d+/)?.[0];
      expect(question.answers.map((answer) => answer.answer.label)).toEqual([`Sim ${round}`, `Não ${round}`]);
    }
  });

  it('the same new texts typed at once in several quizzes end on one bank row each', async () => {
    const { createCampaign, createQuiz, finalAnswer, api, ctx } = setup;
    const quizzes = await Promise.all(
      Array.from({ length: 3 }, async () => createQuiz(await createCampaign(), 'en-US')),
    );
    const labels = ['Citrus burst', 'Amber glow', 'Sea breeze'];
    const responses = await Promise.all(
      quizzes.map((quizId, index) =>
        api('POST', '/api/question/add-update', {
          quizId,
          quest: 'Which mood suits you?',
          // Each save names the texts in another order.
          answers: [...labels.slice(index), ...labels.slice(0, index)].map((label) => finalAnswer(label)),
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    const [counts] = await ctx.query<{ questions: number; answers: number }>(sql`select
      (select count(*)::int from question_texts where language = 'en-US' and quest = 'Which mood suits you?') as questions,
      (select count(*)::int from answer_texts where language = 'en-US' and label in ('Citrus burst', 'Amber glow', 'Sea breeze')) as answers`);
    expect(counts).toEqual({ questions: 1, answers: 3 });
  });

  it('publications at once make one version; an edit racing a publication leaves the snapshot whole', async () => {
    const { createCampaign, createQuiz, save, finalAnswer, api, ctx } = setup;
    const quizId = await createQuiz(await createCampaign());
    const saved = await save(quizId, 'Publicar?', [finalAnswer('Sim'), finalAnswer('Não')]);
    expect((await api('PUT', `/api/quiz/validate/${quizId}`)).statusCode).toBe(200);
    const publishes = await Promise.all(
      Array.from({ length: 3 }, () => api('PUT', `/api/quiz/publish/${quizId}`)),
    );
    expect(publishes.map((response) => response.statusCode).sort()).toEqual([200, 409, 409]);

    expect((await api('PUT', `/api/quiz/validate/${quizId}`)).statusCode).toBe(409);
    await save(quizId, 'Publicar?', [finalAnswer('Sim')], {
      quizQuestionId: saved.questions[0]?.quizQuestionId,
    });
    expect((await api('PUT', `/api/quiz/validate/${quizId}`)).statusCode).toBe(200);
    const [edit, publication] = await Promise.all([
      api('POST', '/api/question/add-update', {
        quizId,
        quizQuestionId: saved.questions[0]?.quizQuestionId,
        quest: 'Publicar?',
        answers: [finalAnswer('Talvez'), finalAnswer('Nunca'), finalAnswer('Sempre')],
      }),
      api('PUT', `/api/quiz/publish/${quizId}`),
    ]);
    expect(edit.statusCode, edit.body).toBe(200);
    const rows = await ctx.query<{ version: number; labels: string[] }>(sql`
      select version, array(select jsonb_array_elements(snapshot->'questions'->0->'answers')->>'label') as labels
      from quiz_publications where quiz_id = ${quizId} order by version`);
    expect(rows[0]).toEqual({ version: 1, labels: ['Sim', 'Não'] });
    // Published before the edit (the validated draft), or refused after it (no longer validated).
    if (publication.statusCode === 200) expect(rows[1]).toEqual({ version: 2, labels: ['Sim'] });
    else expect(publication.json().code).toBe('QUIZ_NOT_VALIDATED');
  });

  it('a campaign save and a quiz save racing over a slot never both win', async () => {
    const { createCampaign, createQuiz, finalAnswer, api, campaigns, fragrances, detail } = setup;
    for (let round = 0; round < ROUNDS; round += 1) {
      const name = `Campanha Disputada ${round}`;
      const campaignId = await createCampaign(name);
      const quizId = await createQuiz(campaignId);
      const [quizSave, campaignSave] = await Promise.all([
        api('POST', '/api/question/add-update', {
          quizId,
          quest: 'Disputa?',
          answers: [finalAnswer('Rosa', [fragrances.alsoInCollection])],
        }),
        // Slot 2 (Rosa) cleared.
        campaigns.send(
          'PUT',
          `/api/campaigns/${campaignId}`,
          campaigns.form({ name }, campaigns.slot(0, fragrances.inCollection, 1)),
        ),
      ]);
      const outcome = [quizSave.statusCode, campaignSave.statusCode].join();
      expect(['200,409', '400,200'], `${outcome}: ${quizSave.body} ${campaignSave.body}`).toContain(outcome);
      const quiz = await detail(quizId);
      const inCollection = quiz.campaign.collection.some(
        (entry) => entry.fragranceId === fragrances.alsoInCollection,
      );
      expect(inCollection).toBe(quizSave.statusCode === 200);
      expect(quiz.questionCount).toBe(quizSave.statusCode === 200 ? 1 : 0);
    }
  });
});
