import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Recipe } from './kit-recipes.ts';

type Send = (request: InjectOptions) => Promise<LightMyRequestResponse>;

/**
 * The audit recipes of the quiz editor's routes (`audit-recipes.ts` spreads them in). The quiz's
 * create and rename take different bodies, so they are not the kit's saves and are listed here too.
 * Every call changes the quiz's record: its row or its draft's rows, which name it (`quiz_id`).
 */
export function quizAuditRecipes(
  send: Send,
  createCampaign: () => Promise<number>,
): Record<string, Recipe[]> {
  let sequence = 0;

  async function call(request: InjectOptions, status = 200) {
    const response = await send(request);
    expect(response.statusCode, response.body).toBe(status);
    return status === 204 ? undefined : response.json();
  }

  async function createQuiz(): Promise<number> {
    const body = {
      name: `Quiz auditado ${++sequence}`,
      campaignId: await createCampaign(),
      language: 'pt-BR',
    };
    return (await call({ method: 'POST', url: '/api/quiz', payload: body }, 201)).quizId;
  }

  /** A quiz with one question whose one answer is final, recommending the campaign's first fragrance. */
  async function quizWithQuestion() {
    const quizId = await createQuiz();
    const quiz = await call({ method: 'GET', url: `/api/quiz/${quizId}` });
    const fragranceId = quiz.campaign.collection[0].fragranceId;
    const saved = await call({
      method: 'POST',
      url: '/api/question/add-update',
      payload: {
        quizId,
        quest: 'Pergunta auditada?',
        answers: [{ desc: 'Sim', isAnswerFinish: true, fragrances: [fragranceId] }],
      },
    });
    return { quizId, fragranceId, question: saved.questions[0] };
  }

  const recipe = (
    describe: string,
    prepare: () => Promise<{ request: InjectOptions; id: number }>,
  ): Recipe => ({
    describe,
    prepare: async () => {
      const { request, id } = await prepare();
      return { request, caller: 'admin', record: { type: 'quiz', id } };
    },
  });

  async function inactiveQuiz() {
    const id = await createQuiz();
    await call({ method: 'DELETE', url: `/api/quiz/${id}` }, 204);
    return id;
  }

  return {
    'POST /api/quiz': [
      recipe('creates a quiz', async () => ({
        request: {
          method: 'POST',
          url: '/api/quiz',
          payload: { name: 'Quiz novo', campaignId: await createCampaign(), language: 'en-US' },
        },
        id: Number.NaN,
      })),
    ],
    'PUT /api/quiz/{id}': [
      recipe('renames a quiz', async () => {
        const id = await createQuiz();
        return {
          request: { method: 'PUT', url: `/api/quiz/${id}`, payload: { name: 'Quiz renomeado' } },
          id,
        };
      }),
    ],
    'DELETE /api/quiz/{id}': [
      recipe('deactivates a quiz', async () => {
        const id = await createQuiz();
        return { request: { method: 'DELETE', url: `/api/quiz/${id}` }, id };
      }),
      recipe('deletes an inactive quiz for good', async () => {
        const id = await inactiveQuiz();
        return { request: { method: 'DELETE', url: `/api/quiz/${id}?hardDelete=true` }, id };
      }),
    ],
    'PUT /api/quiz/activate/{id}': [
      recipe('activates a quiz', async () => {
        const id = await inactiveQuiz();
        return { request: { method: 'PUT', url: `/api/quiz/activate/${id}` }, id };
      }),
    ],
    'POST /api/question/add-update': [
      recipe('adds a question and its answers to a quiz', async () => {
        const { quizId, fragranceId } = await quizWithQuestion();
        const payload = {
          quizId,
          quest: 'Outra pergunta?',
          answers: [{ desc: 'Não', isAnswerFinish: true, fragrances: [fragranceId] }],
        };
        return { request: { method: 'POST', url: '/api/question/add-update', payload }, id: quizId };
      }),
    ],
    'DELETE /api/question/{quizQuestionId}': [
      recipe("removes a question from a quiz's draft", async () => {
        const { quizId, question } = await quizWithQuestion();
        return { request: { method: 'DELETE', url: `/api/question/${question.quizQuestionId}` }, id: quizId };
      }),
    ],
    'PUT /api/quiz/updateTree/{quizId}': [
      recipe('moves an answer to another question', async () => {
        const { quizId, question, fragranceId } = await quizWithQuestion();
        const other = await call({
          method: 'POST',
          url: '/api/question/add-update',
          payload: {
            quizId,
            quest: 'Destino?',
            answers: [{ desc: 'Talvez', isAnswerFinish: true, fragrances: [fragranceId] }],
          },
        });
        const payload = {
          nodeType: 'answer',
          quizQuestionAnswerId: question.answers[0].quizQuestionAnswerId,
          newQuizQuestionId: other.questions[1].quizQuestionId,
        };
        return { request: { method: 'PUT', url: `/api/quiz/updateTree/${quizId}`, payload }, id: quizId };
      }),
    ],
    'PUT /api/quiz/validate/{quizId}': [
      recipe('validates a quiz', async () => {
        const { quizId } = await quizWithQuestion();
        return { request: { method: 'PUT', url: `/api/quiz/validate/${quizId}` }, id: quizId };
      }),
    ],
    'PUT /api/quiz/publish/{quizId}': [
      recipe('publishes a validated quiz', async () => {
        const { quizId } = await quizWithQuestion();
        await call({ method: 'PUT', url: `/api/quiz/validate/${quizId}` });
        return { request: { method: 'PUT', url: `/api/quiz/publish/${quizId}` }, id: quizId };
      }),
    ],
  };
}
