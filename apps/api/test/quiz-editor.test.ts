import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type QuizTestSetup, quizTestSetup } from './quiz-editor-setup.ts';
import { firstSheetOf } from './xlsx.ts';

/** The quiz record on the kit: create, list, export, get, rename, activate and delete, with their rules. */
let setup: QuizTestSetup;
beforeAll(async () => {
  setup = await quizTestSetup();
});
afterAll(() => setup.ctx.close());

describe('quiz record', () => {
  it('creates a quiz for an active campaign, one per language, race-safe', async () => {
    const { api, createCampaign, expectRefused } = setup;
    const campaignId = await createCampaign('Campanha Única');
    const created = await api('POST', '/api/quiz', { name: 'Quiz Floral', campaignId, language: 'pt-BR' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      quizId: expect.any(Number),
      name: 'Quiz Floral',
      campaignId,
      campaign: { name: 'Campanha Única' },
      language: 'pt-BR',
      questionCount: 0,
      validatedAt: null,
      publishedAt: null,
      publishedVersion: null,
      ativo: true,
    });
    await expectRefused(
      () => api('POST', '/api/quiz', { name: 'Outro Quiz', campaignId, language: 'pt-BR' }),
      409,
      { code: 'QUIZ_CAMPAIGN_TAKEN', message: 'Esta campanha já tem um quiz neste idioma.' },
    );
    // Two at once in another language: one wins, the other is told the campaign is taken.
    const both = await Promise.all(
      ['Quiz A', 'Quiz B'].map((name) => api('POST', '/api/quiz', { name, campaignId, language: 'en-US' })),
    );
    expect(both.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    expect(both.find((response) => response.statusCode === 409)?.json().code).toBe('QUIZ_CAMPAIGN_TAKEN');

    await expectRefused(
      () => api('POST', '/api/quiz', { name: 'Sem Campanha', campaignId: 999999, language: 'pt-BR' }),
      404,
      {
        code: 'NOT_FOUND',
      },
    );
    const inactive = await createCampaign();
    expect((await api('DELETE', `/api/campaigns/${inactive}`)).statusCode).toBe(204);
    await expectRefused(
      () => api('POST', '/api/quiz', { name: 'Quiz Inativo', campaignId: inactive, language: 'pt-BR' }),
      409,
      {
        code: 'CAMPAIGN_INACTIVE',
      },
    );
    await expectRefused(() => api('POST', '/api/quiz', { name: 'ab', campaignId, language: 'es-ES' }), 400, {
      code: 'VALIDATION',
      fields: [{ path: 'name' }],
    });
    await expectRefused(
      () => api('POST', '/api/quiz', { name: 'Quiz Francês', campaignId, language: 'fr-FR' }),
      400,
      {
        fields: [{ path: 'language' }],
      },
    );
  });

  it('lists by name or campaign name, sorts, filters by state and exports', async () => {
    const { api, createCampaign, createQuiz } = setup;
    const campaignId = await createCampaign('Inverno Lavanda');
    const quizId = await createQuiz(campaignId, 'es-ES', 'Cuestionario Zeta');
    const byCampaign = await api('GET', '/api/quiz?search=lavanda');
    expect(byCampaign.json().data.map((row: { quizId: number }) => row.quizId)).toEqual([quizId]);
    const byName = await api('GET', '/api/quiz?search=zeta');
    expect(byName.json()).toMatchObject({
      total: 1,
      data: [{ quizId, campaign: { name: 'Inverno Lavanda' } }],
    });
    for (const orderBy of [
      'Quiz.Name',
      'name',
      'campaign',
      'Quiz.Language',
      'createdAt',
      'updatedAt',
      'publishedAt',
    ]) {
      const sorted = await api('GET', `/api/quiz?orderBy=${orderBy}&orderByDirection=desc`);
      expect(sorted.statusCode, `${orderBy}: ${sorted.body}`).toBe(200);
    }
    const names = (await api('GET', '/api/quiz?orderBy=name&orderByDirection=asc'))
      .json()
      .data.map((row: { name: string }) => row.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'pt-BR', { sensitivity: 'base' })));
    expect((await api('GET', '/api/quiz?orderBy=password')).statusCode).toBe(400);

    expect((await api('DELETE', `/api/quiz/${quizId}`)).statusCode).toBe(204);
    const inactive = await api('GET', '/api/quiz?isActive=false&search=zeta');
    expect(inactive.json().data).toMatchObject([{ quizId, ativo: false }]);
    expect((await api('GET', '/api/quiz?isActive=true&search=zeta')).json().total).toBe(0);

    const exported = await api('GET', '/api/quiz/export?search=zeta', undefined, 'en-US');
    expect(exported.statusCode).toBe(200);
    const sheet = await firstSheetOf(exported);
    expect(sheet.sheetName).toBe('Quizzes');
    expect(sheet.header).toEqual(expect.arrayContaining(['ID', 'Name', 'Campaign', 'Language', 'Questions']));
    expect(sheet.rows[0]).toEqual(expect.arrayContaining(['Cuestionario Zeta', 'Inverno Lavanda', 'es-ES']));
  });

  it('renames an active quiz, refusing a stale version, and clears its validation', async () => {
    const { api, createCampaign, createQuiz, save, finalAnswer, expectRefused } = setup;
    const quizId = await createQuiz(await createCampaign());
    const loaded = await save(quizId, 'Qual estação?', [finalAnswer('Verão')]);
    expect((await api('PUT', `/api/quiz/validate/${quizId}`)).statusCode).toBe(200);
    const renamed = await api('PUT', `/api/quiz/${quizId}`, {
      name: 'Quiz Renomeado',
      updatedAt: loaded.updatedAt,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Quiz Renomeado', validatedAt: null });
    await expectRefused(
      () => api('PUT', `/api/quiz/${quizId}`, { name: 'Outro Nome', updatedAt: loaded.updatedAt }),
      409,
      {
        code: 'STALE_RECORD',
      },
    );
    await expectRefused(() => api('PUT', `/api/quiz/${quizId}`, { name: 'Quiz', campaignId: 1 }), 400, {
      code: 'VALIDATION',
    });
    expect((await api('DELETE', `/api/quiz/${quizId}`)).statusCode).toBe(204);
    await expectRefused(() => api('PUT', `/api/quiz/${quizId}`, { name: 'Quiz Inativo' }), 409, {
      code: 'RECORD_INACTIVE',
    });
    await expectRefused(() => api('PUT', '/api/quiz/999999', { name: 'Quiz Nenhum' }), 404, {
      code: 'NOT_FOUND',
    });
  });

  it('activates, and deletes for good only an inactive quiz, its language free again', async () => {
    const { api, createCampaign, createQuiz, expectRefused } = setup;
    const campaignId = await createCampaign();
    const quizId = await createQuiz(campaignId);
    await expectRefused(() => api('DELETE', `/api/quiz/${quizId}?hardDelete=true`), 409, {
      code: 'RECORD_ACTIVE',
    });
    expect((await api('DELETE', `/api/quiz/${quizId}`)).statusCode).toBe(204);
    // Inactive, it still holds its language.
    expect(
      (await api('POST', '/api/quiz', { name: 'Segundo Quiz', campaignId, language: 'pt-BR' })).statusCode,
    ).toBe(409);
    const activated = await api('PUT', `/api/quiz/activate/${quizId}`);
    expect(activated.statusCode).toBe(200);
    expect(activated.json()).toMatchObject({ quizId, ativo: true });
    expect((await api('DELETE', `/api/quiz/${quizId}`)).statusCode).toBe(204);
    // Not while its campaign is inactive.
    expect((await api('DELETE', `/api/campaigns/${campaignId}`)).statusCode).toBe(204);
    await expectRefused(() => api('PUT', `/api/quiz/activate/${quizId}`), 409, { code: 'CAMPAIGN_INACTIVE' });
    expect((await api('PUT', `/api/campaigns/activate/${campaignId}`)).statusCode).toBe(200);
    expect((await api('DELETE', `/api/quiz/${quizId}?hardDelete=true`)).statusCode).toBe(204);
    expect((await api('GET', `/api/quiz/${quizId}`)).statusCode).toBe(404);
    expect(
      (await api('POST', '/api/quiz', { name: 'Segundo Quiz', campaignId, language: 'pt-BR' })).statusCode,
    ).toBe(201);
  });

  it('gets the whole tree in one answer, with the collection and fragrance images', async () => {
    const { createCampaign, createQuiz, save, nextAnswer, finalAnswer, detail, questionId, fragrances } =
      setup;
    const quizId = await createQuiz(await createCampaign());
    const first = await save(quizId, 'Qual perfume você usa de dia?', [finalAnswer('Floral')]);
    const entry = questionId(first, 'Qual perfume você usa de dia?');
    await save(quizId, 'E à noite?', [
      finalAnswer('Amadeirado', [fragrances.inCollection, fragrances.alsoInCollection]),
    ]);
    const withNext = await detail(quizId);
    const night = questionId(withNext, 'E à noite?');
    await save(
      quizId,
      'Qual perfume você usa de dia?',
      [nextAnswer('Cítrico', night), finalAnswer('Floral')],
      {
        quizQuestionId: entry,
        quest: undefined,
        questionId: first.questions[0]?.questionId,
      },
    );
    const quiz = await detail(quizId);
    expect(quiz.questionCount).toBe(2);
    expect(quiz.campaign.collection).toMatchObject([
      {
        slot: 1,
        fragranceId: fragrances.inCollection,
        fragrance: { name: 'Jasmim', image: { tempUri: expect.any(String) } },
      },
      { slot: 2, fragranceId: fragrances.alsoInCollection, fragrance: { name: 'Rosa' } },
    ]);
    expect(quiz.questions).toMatchObject([
      {
        quizQuestionId: entry,
        question: { quest: 'Qual perfume você usa de dia?' },
        answers: [
          {
            answer: { label: 'Cítrico' },
            isAnswerFinish: false,
            nextQuestionId: night,
            nextQuestion: { quest: 'E à noite?' },
            fragranceOptions: [],
          },
          {
            answer: { label: 'Floral' },
            isAnswerFinish: true,
            nextQuestionId: null,
            fragranceOptions: [
              { fragranceId: fragrances.inCollection, fragrance: { name: 'Jasmim', active: true } },
            ],
          },
        ],
      },
      {
        quizQuestionId: night,
        answers: [
          {
            fragranceOptions: [
              { fragranceId: fragrances.inCollection },
              { fragranceId: fragrances.alsoInCollection },
            ],
          },
        ],
      },
    ]);
  });
});
