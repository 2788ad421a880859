import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Part } from './multipart.ts';
import { type QuizTestSetup, quizTestSetup } from './quiz-editor-setup.ts';

/** What campaigns read from quizzes: `without-quiz`, `has-answer`, and the slots a quiz answer holds. */
let setup: QuizTestSetup;
beforeAll(async () => {
  setup = await quizTestSetup();
});
afterAll(() => setup.ctx.close());

const ids = (response: { json: () => unknown }) =>
  (response.json() as { campaignId: number }[]).map((campaign) => campaign.campaignId);

describe('campaigns without a quiz', () => {
  it('lists active campaigns with no quiz, active or not, in the language', async () => {
    const { api, createCampaign, createQuiz } = setup;
    const free = await createCampaign('Linha Orquídea Livre');
    const taken = await createCampaign('Linha Orquídea Tomada');
    const takenByInactive = await createCampaign('Linha Orquídea Parada');
    const inactive = await createCampaign('Linha Orquídea Inativa');
    await createQuiz(taken, 'pt-BR');
    const parked = await createQuiz(takenByInactive, 'pt-BR');
    expect((await api('DELETE', `/api/quiz/${parked}`)).statusCode).toBe(204);
    expect((await api('DELETE', `/api/campaigns/${inactive}`)).statusCode).toBe(204);

    const portuguese = await api('GET', '/api/campaigns/without-quiz?lang=pt-BR&str=orquidea');
    expect(portuguese.statusCode, portuguese.body).toBe(200);
    expect(ids(portuguese)).toEqual([free]);
    const english = await api('GET', '/api/campaigns/without-quiz?lang=en-US&str=ORQUÍDEA');
    expect(ids(english).sort()).toEqual([free, taken, takenByInactive].sort());
    expect((await api('GET', '/api/campaigns/without-quiz?lang=fr-FR&str=orquidea')).statusCode).toBe(400);
  });
});

describe('a campaign with quizzes', () => {
  it('is not deleted for good while it has a quiz, active or not', async () => {
    const { api, createCampaign, createQuiz, expectRefused } = setup;
    const campaignId = await createCampaign();
    const quizId = await createQuiz(campaignId);
    expect((await api('DELETE', `/api/quiz/${quizId}`)).statusCode).toBe(204);
    expect((await api('DELETE', `/api/campaigns/${campaignId}`)).statusCode).toBe(204);
    const refused = await expectRefused(
      () => api('DELETE', `/api/campaigns/${campaignId}?hardDelete=true`),
      409,
      {
        code: 'CAMPAIGN_HAS_QUIZ',
      },
    );
    expect(refused.json().message).toBe(
      'Esta campanha tem quizzes: exclua-os definitivamente antes de excluí-la.',
    );
    expect((await api('DELETE', `/api/quiz/${quizId}?hardDelete=true`)).statusCode).toBe(204);
    expect((await api('DELETE', `/api/campaigns/${campaignId}?hardDelete=true`)).statusCode).toBe(204);
  });
});

describe('has-answer and the locked slot', () => {
  it('answers from the draft and the live publication; a campaign save keeps the slot', async () => {
    const { api, createCampaign, createQuiz, save, finalAnswer, fragrances, campaigns, expectRefused } =
      setup;
    const { inCollection, alsoInCollection, outside } = fragrances;
    const campaignId = await createCampaign('Campanha Travada');
    const hasAnswer = async (fragranceId: number) => {
      const response = await api('GET', `/api/campaigns/has-answer/${fragranceId}/${campaignId}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as boolean;
    };
    expect(await hasAnswer(inCollection)).toBe(false);
    expect((await api('GET', `/api/campaigns/has-answer/${inCollection}/99999999`)).statusCode).toBe(404);

    const quizId = await createQuiz(campaignId, 'es-ES');
    const quiz = await save(quizId, '¿Qué prefieres?', [finalAnswer('Flores', [alsoInCollection])]);
    expect(await hasAnswer(alsoInCollection)).toBe(true);
    expect(await hasAnswer(inCollection)).toBe(false);

    // Published, then taken out of the draft: the live version still recommends it.
    expect((await api('PUT', `/api/quiz/validate/${quizId}`)).statusCode).toBe(200);
    expect((await api('PUT', `/api/quiz/publish/${quizId}`)).statusCode).toBe(200);
    await save(quizId, '¿Qué prefieres?', [finalAnswer('Flores', [inCollection])], {
      quizQuestionId: quiz.questions[0]?.quizQuestionId,
    });
    expect(await hasAnswer(alsoInCollection)).toBe(true);
    expect(await hasAnswer(inCollection)).toBe(true);
    // The form asks for the whole collection at once: slot 1 holds Jasmim, slot 2 Rosa.
    const answeredSlots = await api('GET', `/api/campaigns/answered-slots/${campaignId}`);
    expect(answeredSlots.statusCode, answeredSlots.body).toBe(200);
    expect(answeredSlots.json()).toEqual({ slots: [1, 2] });
    expect((await api('GET', '/api/campaigns/answered-slots/99999999')).statusCode).toBe(404);

    // The campaign form: slot 1 holds Jasmim (in the draft), slot 2 Rosa (in the live version).
    const url = `/api/campaigns/${campaignId}`;
    const form = (collection: Part[]) => campaigns.form({ name: 'Campanha Travada' }, collection);
    const { slot } = campaigns;
    const refusedSlot = async (collection: Part[], slotNumber: number) => {
      const response = await expectRefused(() => campaigns.send('PUT', url, form(collection), 'en-US'), 409, {
        code: 'CAMPAIGN_SLOT_HAS_ANSWER',
      });
      expect(response.json().message).toContain(`Slot ${slotNumber} `);
    };
    await refusedSlot(slot(0, alsoInCollection, 2), 1);
    await refusedSlot([...slot(0, outside, 1), ...slot(1, alsoInCollection, 2)], 1);
    await refusedSlot([...slot(0, inCollection, 1), ...slot(1, outside, 2)], 2);
    await refusedSlot([...slot(0, inCollection, 2), ...slot(1, alsoInCollection, 1)], 1);
    // Kept slots may change their shot time, and a free slot may be filled.
    const kept = await campaigns.send(
      'PUT',
      url,
      form([...slot(0, inCollection, 1, 5), ...slot(1, alsoInCollection, 2), ...slot(2, outside, 3)]),
    );
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().collection).toHaveLength(3);
    // Published again without Rosa: its slot is free.
    expect((await api('PUT', `/api/quiz/validate/${quizId}`)).statusCode).toBe(200);
    expect((await api('PUT', `/api/quiz/publish/${quizId}`)).statusCode).toBe(200);
    expect(await hasAnswer(alsoInCollection)).toBe(false);
    const freed = await campaigns.send(
      'PUT',
      url,
      form([...slot(0, inCollection, 1), ...slot(1, outside, 2)]),
    );
    expect(freed.statusCode, freed.body).toBe(200);
  });
});
