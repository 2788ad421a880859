import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type QuizTestSetup, quizTestSetup } from './quiz-editor-setup.ts';

/** `POST /api/question/add-update`, `DELETE /api/question/{id}` and the banks' typeaheads: every rule. */
let setup: QuizTestSetup;
beforeAll(async () => {
  setup = await quizTestSetup();
});
afterAll(() => setup.ctx.close());

/** A quiz of a campaign of its own. */
async function freshQuiz(language = 'pt-BR') {
  return setup.createQuiz(await setup.createCampaign(), language);
}

const addUpdate = (payload: object) => setup.api('POST', '/api/question/add-update', payload);

describe('question add-update', () => {
  it('adds a question with its answers, reusing bank texts by name in the language', async () => {
    const { save, finalAnswer, fragrances } = setup;
    const quizId = await freshQuiz('pt-BR');
    const first = await save(quizId, 'Qual é a sua ESTAÇÃO preferida?', [
      finalAnswer('Verão'),
      finalAnswer('Inverno'),
    ]);
    const question = first.questions[0];
    expect(question).toMatchObject({
      question: { quest: 'Qual é a sua ESTAÇÃO preferida?' },
      answers: [{ answer: { label: 'Verão' } }, { answer: { label: 'Inverno' } }],
    });
    // The same texts typed otherwise (case, accents, spaces) are the same bank rows.
    const other = await freshQuiz('pt-BR');
    const second = await save(other, '  qual e a sua estacao preferida? ', [
      finalAnswer('VERAO', [fragrances.alsoInCollection]),
    ]);
    expect(second.questions[0]?.questionId).toBe(question?.questionId);
    expect(second.questions[0]?.answers[0]?.answerId).toBe(question?.answers[0]?.answerId);
    // A text in another language is another row.
    const english = await freshQuiz('en-US');
    const third = await save(english, 'Qual é a sua estação preferida?', [finalAnswer('Verão')]);
    expect(third.questions[0]?.questionId).not.toBe(question?.questionId);
  });

  it('updates a question: answers kept by id in the body order, the others removed, fragrance options kept', async () => {
    const { save, finalAnswer, nextAnswer, fragrances, detail } = setup;
    const quizId = await freshQuiz();
    await save(quizId, 'Segunda pergunta?', [finalAnswer('Fim')]);
    const entry = await save(quizId, 'Primeira pergunta?', [
      finalAnswer('Alfa', [fragrances.inCollection]),
      finalAnswer('Beta'),
      finalAnswer('Gama'),
    ]);
    const [second, first] = entry.questions;
    const [alfa, beta] = first?.answers ?? [];
    const updated = await save(
      quizId,
      'Primeira pergunta, reescrita?',
      [
        {
          quizQuestionAnswerId: beta?.quizQuestionAnswerId,
          desc: 'Beta',
          ...nextAnswer('Beta', second?.quizQuestionId as number),
        },
        {
          quizQuestionAnswerId: alfa?.quizQuestionAnswerId,
          desc: 'Alfa',
          description: 'Para quem gosta de flores',
          isAnswerFinish: true,
          fragrances: [fragrances.inCollection, fragrances.alsoInCollection],
        },
        finalAnswer('Delta'),
      ],
      { quizQuestionId: first?.quizQuestionId },
    );
    const question = updated.questions[1];
    expect(question?.question.quest).toBe('Primeira pergunta, reescrita?');
    expect(question?.answers.map((answer) => answer.answer.label)).toEqual(['Beta', 'Alfa', 'Delta']);
    expect(question?.answers[0]).toMatchObject({
      quizQuestionAnswerId: beta?.quizQuestionAnswerId,
      isAnswerFinish: false,
      fragranceOptions: [],
    });
    expect(question?.answers[1]).toMatchObject({
      quizQuestionAnswerId: alfa?.quizQuestionAnswerId,
      answer: { description: 'Para quem gosta de flores' },
      fragranceOptions: [
        {
          fragranceOptionId: alfa?.fragranceOptions[0]?.fragranceOptionId,
          fragranceId: fragrances.inCollection,
        },
        { fragranceId: fragrances.alsoInCollection },
      ],
    });
    expect((await detail(quizId)).questions[1]?.answers).toHaveLength(3);
  });

  it('takes null as none in each field that may be left out, and still refuses a null quiz', async () => {
    const { save, fragrances, nextAnswer } = setup;
    const quizId = await freshQuiz();
    const next = (await save(quizId, 'Para onde?', [setup.finalAnswer('Lá')])).questions[0];
    const saved = await save(
      quizId,
      'Com nulos?',
      [
        {
          quizQuestionAnswerId: null,
          answerId: null,
          desc: 'Final',
          description: null,
          isAnswerFinish: true,
          nextQuizQuestionId: null,
          fragrances: [fragrances.inCollection],
        },
        {
          ...nextAnswer('Segue', next?.quizQuestionId as number),
          quizQuestionAnswerId: null,
          answerId: null,
        },
      ] as never,
      { quizQuestionId: null, questionId: null, updatedAt: null },
    );
    const added = saved.questions.find((question) => question.question.quest === 'Com nulos?');
    expect(added?.answers.map((answer) => answer.answer.label)).toEqual(['Final', 'Segue']);
    const refused = await addUpdate({ quizId: null, quest: 'Sem quiz?', answers: [] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual([
      expect.objectContaining({ path: 'quizId', message: 'Campo obrigatório.' }),
    ]);
  });

  it('refuses each rule with its 4xx, writing nothing', async () => {
    const { expectRefused, finalAnswer, fragrances, save, nextAnswer } = setup;
    const quizId = await freshQuiz('pt-BR');
    const saved = await save(quizId, 'Pergunta existente?', [finalAnswer('Sim')]);
    const existing = saved.questions[0];
    const otherQuiz = await freshQuiz('pt-BR');
    const foreign = (await save(otherQuiz, 'Pergunta alheia?', [finalAnswer('Não')])).questions[0];
    const body = (answers: object[], extra: object = {}) => ({
      quizId,
      quest: 'Nova pergunta?',
      answers,
      ...extra,
    });

    await expectRefused(() => addUpdate(body([finalAnswer('Sim')], { quest: ' ' })), 400, {
      code: 'VALIDATION',
    });
    await expectRefused(() => addUpdate(body([finalAnswer('Sim')], { quest: undefined })), 400, {
      code: 'QUIZ_QUESTION_REQUIRED',
      fields: [{ path: 'quest' }],
    });
    await expectRefused(() => addUpdate(body([])), 400, { code: 'QUIZ_ANSWERS_REQUIRED' });
    await expectRefused(
      () => addUpdate(body([{ isAnswerFinish: true, fragrances: [fragrances.inCollection] }])),
      400,
      {
        code: 'QUIZ_ANSWER_REQUIRED',
        fields: [{ path: 'answers.0.desc' }],
      },
    );
    await expectRefused(() => addUpdate(body([finalAnswer('Sim'), finalAnswer('Vazia', [])])), 400, {
      code: 'QUIZ_FRAGRANCE_REQUIRED',
      fields: [{ path: 'answers.1.fragrances' }],
    });
    await expectRefused(
      () => addUpdate(body([finalAnswer('Dupla', [fragrances.inCollection, fragrances.inCollection])])),
      400,
      {
        code: 'QUIZ_FRAGRANCE_DUPLICATE',
      },
    );
    await expectRefused(() => addUpdate(body([{ desc: 'Sem destino', isAnswerFinish: false }])), 400, {
      code: 'QUIZ_NEXT_REQUIRED',
      fields: [{ path: 'answers.0.nextQuizQuestionId' }],
    });
    await expectRefused(
      () => addUpdate(body([{ ...finalAnswer('Ambas'), nextQuizQuestionId: existing?.quizQuestionId }])),
      400,
      { code: 'QUIZ_MOVE_NOT_PERMITTED' },
    );
    await expectRefused(() => addUpdate(body([finalAnswer('Fora', [fragrances.outside])])), 400, {
      code: 'QUIZ_FRAGRANCE_NOT_IN_COLLECTION',
      fields: [{ path: 'answers.0.fragrances.0' }],
    });
    // A next question of another quiz, or none at all.
    await expectRefused(
      () => addUpdate(body([nextAnswer('Alheia', foreign?.quizQuestionId as number)])),
      400,
      {
        code: 'VALIDATION',
        fields: [{ path: 'answers.0.nextQuizQuestionId' }],
      },
    );
    // A bank text of another language; an answer of another question.
    const english = await freshQuiz('en-US');
    const englishQuestion = (await save(english, 'Which season?', [finalAnswer('Summer')])).questions[0];
    await expectRefused(
      () => addUpdate(body([finalAnswer('Sim')], { questionId: englishQuestion?.questionId })),
      400,
      {
        fields: [{ path: 'questionId' }],
      },
    );
    await expectRefused(
      () =>
        addUpdate(
          body([{ ...finalAnswer('x'), desc: undefined, answerId: englishQuestion?.answers[0]?.answerId }]),
        ),
      400,
      { fields: [{ path: 'answers.0.answerId' }] },
    );
    await expectRefused(
      () =>
        addUpdate(
          body([{ ...finalAnswer('Sim'), quizQuestionAnswerId: foreign?.answers[0]?.quizQuestionAnswerId }], {
            quizQuestionId: existing?.quizQuestionId,
          }),
        ),
      400,
      { fields: [{ path: 'answers.0.quizQuestionAnswerId' }] },
    );
    await expectRefused(
      () =>
        addUpdate(
          body([
            { ...finalAnswer('Nova'), quizQuestionAnswerId: existing?.answers[0]?.quizQuestionAnswerId },
          ]),
        ),
      400,
      { fields: [{ path: 'answers.0.quizQuestionAnswerId' }] },
    );
    await expectRefused(
      () => addUpdate(body([finalAnswer('Sim')], { quizQuestionId: foreign?.quizQuestionId })),
      404,
      {
        code: 'NOT_FOUND',
      },
    );
    await expectRefused(() => addUpdate(body([finalAnswer('Sim')], { quizId: 99999999 })), 404, {
      code: 'NOT_FOUND',
    });
    await expectRefused(
      () => addUpdate(body([finalAnswer('Sim')], { updatedAt: '2020-01-01T00:00:00.000Z' })),
      409,
      {
        code: 'STALE_RECORD',
      },
    );
  });

  it('refuses an inactive fragrance and an inactive quiz', async () => {
    const { expectRefused, finalAnswer, api, fragrances, ctx } = setup;
    const quizId = await freshQuiz();
    // A fragrance in the collection cannot be deactivated through the API: made so in the database.
    await ctx.query(sql`update fragrances set deleted_at = now() where id = ${fragrances.alsoInCollection}`);
    try {
      await expectRefused(
        () =>
          addUpdate({
            quizId,
            quest: 'Qual?',
            answers: [finalAnswer('Rosa', [fragrances.alsoInCollection])],
          }),
        400,
        {
          code: 'VALIDATION',
          fields: [{ path: 'answers.0.fragrances.0', message: 'Escolha uma fragrância ativa.' }],
        },
      );
    } finally {
      await ctx.query(sql`update fragrances set deleted_at = null where id = ${fragrances.alsoInCollection}`);
    }
    expect((await api('DELETE', `/api/quiz/${quizId}`)).statusCode).toBe(204);
    await expectRefused(() => addUpdate({ quizId, quest: 'Qual?', answers: [finalAnswer('Sim')] }), 409, {
      code: 'RECORD_INACTIVE',
    });
  });

  it('holds at most 500 questions', async () => {
    const { save, finalAnswer, expectRefused, ctx } = setup;
    const quizId = await freshQuiz();
    const first = await save(quizId, 'Pergunta repetida?', [finalAnswer('Sim')]);
    await ctx.query(sql`insert into quiz_questions (quiz_id, question_id)
      select ${quizId}, ${first.questions[0]?.questionId} from generate_series(1, 499)`);
    await expectRefused(
      () => addUpdate({ quizId, quest: 'Uma a mais?', answers: [finalAnswer('Sim')] }),
      400,
      {
        code: 'VALIDATION',
        fields: [{ path: 'quizId', message: 'Informe no máximo 500 itens.' }],
      },
    );
    // Editing one of them is still fine.
    await save(quizId, 'Pergunta editada?', [finalAnswer('Não')], {
      quizQuestionId: first.questions[0]?.quizQuestionId,
    });
  });

  it('clears the validation and bumps updatedAt on every change', async () => {
    const { api, save, finalAnswer } = setup;
    const quizId = await freshQuiz();
    const saved = await save(quizId, 'Pergunta única?', [finalAnswer('Sim')]);
    const validated = await api('PUT', `/api/quiz/validate/${quizId}`);
    expect(validated.json().validatedAt).not.toBeNull();
    const changed = await save(quizId, 'Outra pergunta?', [finalAnswer('Não')], {
      updatedAt: validated.json().updatedAt,
    });
    expect(changed.validatedAt).toBeNull();
    expect(changed.updatedAt > saved.updatedAt).toBe(true);
  });
});

describe('question delete', () => {
  it('removes a question; answers that led to it lead nowhere', async () => {
    const { api, save, finalAnswer, nextAnswer, expectRefused } = setup;
    const quizId = await freshQuiz();
    const last = (await save(quizId, 'Última?', [finalAnswer('Fim')])).questions[0];
    await save(quizId, 'Primeira?', [nextAnswer('Segue', last?.quizQuestionId as number)]);
    const removed = await api('DELETE', `/api/question/${last?.quizQuestionId}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().questions).toMatchObject([
      {
        question: { quest: 'Primeira?' },
        answers: [{ nextQuestionId: null, nextQuestion: null, isAnswerFinish: false }],
      },
    ]);
    await expectRefused(() => api('DELETE', `/api/question/${last?.quizQuestionId}`), 404, {
      code: 'NOT_FOUND',
    });
    expect((await api('DELETE', `/api/quiz/${quizId}`)).statusCode).toBe(204);
    const first = removed.json().questions[0].quizQuestionId;
    await expectRefused(() => api('DELETE', `/api/question/${first}`), 409, { code: 'RECORD_INACTIVE' });
  });
});

describe('bank typeaheads', () => {
  it('finds texts of the language from 3 characters, at most 10, ignoring case and accents', async () => {
    const { api, save, finalAnswer } = setup;
    const quizId = await freshQuiz('es-ES');
    for (let index = 0; index < 12; index += 1) {
      await save(quizId, `¿Qué aroma número ${index}?`, [finalAnswer(`Opción cítrica ${index}`)]);
    }
    const questions = await api('GET', '/api/question/by-name?language=es-ES&str=AROMA');
    expect(questions.statusCode).toBe(200);
    expect(questions.json()).toHaveLength(10);
    expect(questions.json()[0]).toEqual({
      questionId: expect.any(Number),
      quest: expect.stringContaining('aroma'),
    });
    const answers = await api('GET', '/api/answer/by-name?language=es-ES&str=citrica 1');
    expect(
      answers
        .json()
        .map((answer: { label: string }) => answer.label)
        .sort(),
    ).toEqual(['Opción cítrica 1', 'Opción cítrica 10', 'Opción cítrica 11']);
    expect((await api('GET', '/api/answer/by-name?language=es-ES&str=ci')).json()).toEqual([]);
    expect((await api('GET', '/api/question/by-name?language=pt-BR&str=aroma')).json()).toEqual([]);
    expect((await api('GET', '/api/question/by-name?language=es-ES&str=100%25')).json()).toEqual([]);
    expect((await api('GET', '/api/question/by-name?language=xx&str=aroma')).statusCode).toBe(400);
  });
});
