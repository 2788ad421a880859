import type { QuestionAnswerBody, QuizDetail } from '@scentia/shared/quiz.schemas';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { campaignTestSetup } from '../src/modules/campaigns/campaign-test-setup.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type AnswerInput = Partial<QuestionAnswerBody> & { isAnswerFinish: boolean };

/**
 * The quiz tests' common ground: an operator signed in, a campaign whose collection holds two of three
 * fragrances, and helpers that create a quiz, save questions and read the whole stored state (the
 * draft, the banks and the publications), which a refused call must leave as it was.
 */
export async function quizTestSetup() {
  const campaigns = await campaignTestSetup();
  const { ctx, authorization, fragrances } = campaigns;
  const [inCollection, alsoInCollection, outside] = fragrances;

  async function api(method: Method, url: string, payload?: object, language = 'pt-BR') {
    return ctx.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: { authorization, 'content-language': language },
    });
  }

  /** A campaign with the first two fragrances in slots 1 and 2. */
  async function createCampaign(name?: string): Promise<number> {
    const campaign = await campaigns.create([
      ...campaigns.form(name ? { name } : { name: `Campanha ${Math.random().toString(36).slice(2, 8)}` }),
      campaigns.cover(),
    ]);
    return campaign.campaignId as number;
  }

  async function createQuiz(campaignId: number, language = 'pt-BR', name = 'Quiz de verão') {
    const response = await api('POST', '/api/quiz', { name, campaignId, language });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().quizId as number;
  }

  const finalAnswer = (desc: string, fragranceIds = [inCollection]): AnswerInput => ({
    desc,
    isAnswerFinish: true,
    fragrances: fragranceIds,
  });
  const nextAnswer = (desc: string, nextQuizQuestionId: number): AnswerInput => ({
    desc,
    isAnswerFinish: false,
    nextQuizQuestionId,
  });

  /** Saves a question; answers the quiz's record. */
  async function save(quizId: number, quest: string, answers: AnswerInput[], extra: object = {}) {
    const response = await api('POST', '/api/question/add-update', { quizId, quest, answers, ...extra });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as QuizDetail;
  }

  async function detail(quizId: number): Promise<QuizDetail> {
    const response = await api('GET', `/api/quiz/${quizId}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  /** The id of the question whose text is `quest`. */
  const questionId = (quiz: QuizDetail, quest: string) => {
    const question = quiz.questions.find((candidate) => candidate.question.quest === quest);
    if (!question) throw new Error(`No question ${quest}`);
    return question.quizQuestionId;
  };

  /** Everything stored about quizzes: a refused call must leave it exactly as it was. */
  async function stored() {
    return ctx.query(sql`select
      (select json_agg(q order by q.id) from (select id, name, validated_at, published_at, published_version,
        updated_at, deleted_at from quizzes) q) as quizzes,
      (select json_agg(q order by q.id) from quiz_questions q) as questions,
      (select json_agg(a order by a.id) from quiz_answers a) as answers,
      (select json_agg(o order by o.id) from quiz_fragrance_options o) as options,
      (select count(*)::int from question_texts) as question_texts,
      (select count(*)::int from answer_texts) as answer_texts,
      (select count(*)::int from quiz_publications) as publications,
      (select json_agg(s order by s.campaign_id, s.slot) from campaign_slots s) as slots`);
  }

  /** A refused call: its status and code (and fields, when given), and nothing stored changed. */
  async function expectRefused(
    call: () => Promise<LightMyRequestResponse>,
    status: number,
    expected: object,
  ) {
    const before = await stored();
    const response = await call();
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toMatchObject(expected);
    expect(await stored()).toEqual(before);
    return response;
  }

  return {
    ctx,
    campaigns,
    api,
    fragrances: { inCollection, alsoInCollection, outside },
    createCampaign,
    createQuiz,
    finalAnswer,
    nextAnswer,
    save,
    detail,
    questionId,
    stored,
    expectRefused,
  };
}

export type QuizTestSetup = Awaited<ReturnType<typeof quizTestSetup>>;
