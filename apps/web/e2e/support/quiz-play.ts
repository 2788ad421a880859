import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect } from '@playwright/test';
import { bearer } from './campaigns.ts';
import { pngImage } from './catalog.ts';

export type QuizLanguage = 'pt-BR' | 'en-US' | 'es-ES';

type AnswerRow = { quizQuestionAnswerId: number; answer: { label: string } };
type QuestionRow = { quizQuestionId: number; question: { quest: string }; answers: AnswerRow[] };
export type QuizRecord = { quizId: number; publishedVersion: number | null; questions: QuestionRow[] };
export type CampaignWithSlots = {
  campaignId: number;
  name: string;
  collection: { slot: number; fragranceId: number; fragrance: { name: string } }[];
};

/** The texts of a branching quiz of three questions, in one language. */
export type BranchingTexts = {
  entry: string;
  leadsOn: string;
  endsWarm: string;
  second: string;
  endsCitrus: string;
  leadsToThird: string;
  third: string;
  endsDay: string;
};

export const BRANCHING_TEXTS: Record<QuizLanguage, BranchingTexts> = {
  'pt-BR': {
    entry: 'Que ambiente você prefere?',
    leadsOn: 'Fresco e leve',
    endsWarm: 'Quente e acolhedor',
    second: 'Qual nota combina com você?',
    endsCitrus: 'Cítrica',
    leadsToThird: 'Amadeirada',
    third: 'Para qual momento do dia?',
    endsDay: 'Durante o dia',
  },
  'en-US': {
    entry: 'Which atmosphere do you prefer?',
    leadsOn: 'Fresh and light',
    endsWarm: 'Warm and cosy',
    second: 'Which note suits you?',
    endsCitrus: 'Citrus',
    leadsToThird: 'Woody',
    third: 'For which time of day?',
    endsDay: 'During the day',
  },
  'es-ES': {
    entry: '¿Qué ambiente prefiere?',
    leadsOn: 'Fresco y ligero',
    endsWarm: 'Cálido y acogedor',
    second: '¿Qué nota va con usted?',
    endsCitrus: 'Cítrica',
    leadsToThird: 'Amaderada',
    third: '¿Para qué momento del día?',
    endsDay: 'Durante el día',
  },
};

async function ok<T>(
  response: Promise<{ status(): number; json(): Promise<unknown>; text(): Promise<string> }>,
) {
  const answer = await response;
  if (answer.status() >= 300) throw new Error(`${answer.status()}: ${await answer.text()}`);
  return (await answer.json()) as T;
}

/** A campaign with the first two active fragrances in slots 1 and 2 (answers recommend them). */
export async function createCampaignWithSlots(
  request: APIRequestContext,
  name: string,
): Promise<CampaignWithSlots> {
  const headers = await bearer(request);
  const fragrances = await ok<{ data: { fragranceId: number }[] }>(
    request.get('/api/fragrances', { headers, params: { isActive: 'true', perPage: 10 } }),
  );
  const [first, second] = fragrances.data;
  if (!first || !second) throw new Error('the demo data has fewer than two active fragrances');
  return ok<CampaignWithSlots>(
    request.post('/api/campaigns', {
      headers,
      multipart: {
        name,
        'descriptions[0][language]': 'pt-BR',
        'descriptions[0][description]': 'Campanha do quiz',
        'collection[0][fragranceId]': String(first.fragranceId),
        'collection[0][slot]': '1',
        'collection[1][fragranceId]': String(second.fragranceId),
        'collection[1][slot]': '2',
        'cover.file': { name: 'capa.png', mimeType: 'image/png', buffer: await pngImage('#7c2d12') },
      },
    }),
  );
}

type AnswerBody = {
  quizQuestionAnswerId?: number;
  desc?: string;
  isAnswerFinish: boolean;
  nextQuizQuestionId?: number;
  fragrances?: number[];
};

/** `POST /api/question/add-update`: a question with its whole answer set; answers the quiz. */
export async function saveQuestion(
  request: APIRequestContext,
  body: { quizId: number; quizQuestionId?: number; quest: string; answers: AnswerBody[] },
): Promise<QuizRecord> {
  const headers = await bearer(request);
  return ok<QuizRecord>(request.post('/api/question/add-update', { headers, data: body }));
}

/** An empty quiz of the campaign in `language` (`POST /api/quiz`); answers its id. */
export async function createQuiz(
  request: APIRequestContext,
  campaign: { campaignId: number },
  language: QuizLanguage,
  name: string,
): Promise<number> {
  const headers = await bearer(request);
  const data = { name, campaignId: campaign.campaignId, language };
  return (await ok<{ quizId: number }>(request.post('/api/quiz', { headers, data }))).quizId;
}

const answerId = (question: QuestionRow | undefined, label: string) =>
  question?.answers.find((answer) => answer.answer.label === label)?.quizQuestionAnswerId;

/**
 * A quiz of three questions through the API: the entry leads on to the second or ends on slot 2's
 * fragrance; the second ends on slot 1's or leads to the third, which ends on both. The questions are
 * made in order (the first is the entry), each final first, then the answers that lead on are added.
 */
export async function createBranchingQuiz(
  request: APIRequestContext,
  campaign: CampaignWithSlots,
  language: QuizLanguage,
  name: string,
): Promise<QuizRecord> {
  const texts = BRANCHING_TEXTS[language];
  const [slot1, slot2] = campaign.collection.map((entry) => entry.fragranceId) as [number, number];
  const quizId = await createQuiz(request, campaign, language, name);
  const warm = { desc: texts.endsWarm, isAnswerFinish: true, fragrances: [slot2] };
  let quiz = await saveQuestion(request, { quizId, quest: texts.entry, answers: [warm] });
  const citrus = { desc: texts.endsCitrus, isAnswerFinish: true, fragrances: [slot1] };
  quiz = await saveQuestion(request, { quizId, quest: texts.second, answers: [citrus] });
  const day = { desc: texts.endsDay, isAnswerFinish: true, fragrances: [slot1, slot2] };
  quiz = await saveQuestion(request, { quizId, quest: texts.third, answers: [day] });
  const [entry, second, third] = quiz.questions;
  if (!entry || !second || !third) throw new Error('the quiz lacks its questions');
  quiz = await saveQuestion(request, {
    quizId,
    quizQuestionId: second.quizQuestionId,
    quest: texts.second,
    answers: [
      { ...citrus, quizQuestionAnswerId: answerId(second, texts.endsCitrus) },
      { desc: texts.leadsToThird, isAnswerFinish: false, nextQuizQuestionId: third.quizQuestionId },
    ],
  });
  return saveQuestion(request, {
    quizId,
    quizQuestionId: entry.quizQuestionId,
    quest: texts.entry,
    answers: [
      { desc: texts.leadsOn, isAnswerFinish: false, nextQuizQuestionId: second.quizQuestionId },
      { ...warm, quizQuestionAnswerId: answerId(entry, texts.endsWarm) },
    ],
  });
}

/** Validates and publishes the quiz; answers it as published (with its version). */
export async function publishQuiz(request: APIRequestContext, quizId: number): Promise<QuizRecord> {
  const headers = await bearer(request);
  await ok(request.put(`/api/quiz/validate/${quizId}`, { headers }));
  await ok(request.put(`/api/quiz/publish/${quizId}`, { headers }));
  return ok<QuizRecord>(request.get(`/api/quiz/${quizId}`, { headers }));
}

/**
 * Plays the published quiz through the app's API as one session: started, each answer chosen (by
 * label, along the path), and finished with `fragranceIds` unless the player stops halfway.
 */
export async function playSession(
  request: APIRequestContext,
  quiz: QuizRecord,
  labels: string[],
  fragranceIds?: number[],
): Promise<void> {
  const at = new Date().toISOString();
  const events: Record<string, unknown>[] = [{ seq: 0, type: 'started', at }];
  for (const label of labels) {
    const question = quiz.questions.find((candidate) => answerId(candidate, label) !== undefined);
    if (!question) throw new Error(`no answer labelled ${label}`);
    events.push({
      seq: events.length,
      type: 'answered',
      at,
      quizQuestionId: question.quizQuestionId,
      quizQuestionAnswerId: answerId(question, label),
    });
  }
  if (fragranceIds) events.push({ seq: events.length, type: 'finished', at, fragranceIds });
  const response = await request.post('/api/app/quiz-sessions/events', {
    headers: await bearer(request),
    data: { sessionId: randomUUID(), quizId: quiz.quizId, version: quiz.publishedVersion, events },
  });
  expect(response.status(), await response.text()).toBe(200);
}
