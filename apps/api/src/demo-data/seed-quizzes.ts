import { LANGUAGES } from '@scentia/shared/locales';
import { type QuizDetail, questionSaveBodySchema, quizCreateBodySchema } from '@scentia/shared/quiz.schemas';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { campaigns, fragrances, quizzes } from '../db/schema/index.ts';
import { resolveSigningKey } from '../lib/signing-key.ts';
import { QuizRepository } from '../modules/quiz/quiz.repository.ts';
import { createQuizService, type QuizService } from '../modules/quiz/quiz.service.ts';
import { createStorage } from '../services.ts';
import {
  DEMO_DRAFT,
  DEMO_DRAFT_CAMPAIGN,
  DEMO_DRAFT_NAME,
  DEMO_DRAFT_REMOVED,
  DEMO_QUIZ,
  DEMO_QUIZ_NAMES,
  inLanguage,
  type PlainQuestion,
} from './quizzes.ts';

/**
 * Builds a tree through the editor's saves, as an admin would: every question first (the first one
 * saved is the entry), each with a provisional final answer, then each question's real answers, which
 * can now name the questions they lead to. Answers the quiz question ids by key.
 */
async function buildTree(
  service: QuizService,
  quizId: number,
  questions: PlainQuestion[],
  fragranceIdOf: ReadonlyMap<string, number>,
): Promise<Map<string, number>> {
  const idOf = new Map<string, number>();
  const fragranceIds = (names: readonly string[] = []) =>
    names.map((name) => {
      const id = fragranceIdOf.get(name);
      if (id === undefined) throw new Error(`The demo catalog has no fragrance ${name}`);
      return id;
    });
  const anyFragrance = fragranceIds(
    questions.flatMap((question) => question.answers[0]?.fragrances ?? []),
  )[0];
  for (const question of questions) {
    const first = question.answers[0]?.label ?? question.quest;
    const detail: QuizDetail = await service.saveQuestion(
      questionSaveBodySchema.parse({
        quizId,
        quest: question.quest,
        answers: [{ desc: first, isAnswerFinish: true, fragrances: [anyFragrance] }],
      }),
    );
    idOf.set(question.key, detail.questions.at(-1)?.quizQuestionId as number);
  }
  for (const question of questions) {
    await service.saveQuestion(
      questionSaveBodySchema.parse({
        quizId,
        quizQuestionId: idOf.get(question.key),
        quest: question.quest,
        answers: question.answers.map((answer) => ({
          desc: answer.label,
          description: answer.description,
          isAnswerFinish: answer.next === undefined,
          nextQuizQuestionId: answer.next === undefined ? undefined : idOf.get(answer.next),
          fragrances: fragranceIds(answer.fragrances),
        })),
      }),
    );
  }
  return idOf;
}

/**
 * The demo quizzes, through the quiz service (its rules, validation and publication): for the default
 * campaign a published quiz in each language, the same branching tree of five questions; and on the
 * small citrus campaign a Portuguese draft with a dead end for the validation to find. Skipped when
 * any quiz exists already. Answers the published quizzes' ids, for their demo sessions.
 */
export async function seedDemoQuizzes(db: Database, config: Config) {
  const none = { quizzes: 0, published: [] as number[] };
  const [existing] = await db.select({ total: sql<number>`count(*)::int` }).from(quizzes);
  if ((existing?.total ?? 0) > 0) return none;
  const [defaultCampaign] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.isDefault, true), isNull(campaigns.deletedAt)));
  const [draftCampaign] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.name, DEMO_DRAFT_CAMPAIGN), isNull(campaigns.deletedAt)));
  if (!defaultCampaign || !draftCampaign) return none;
  const names = [...DEMO_QUIZ, ...DEMO_DRAFT].flatMap((question) =>
    question.answers.flatMap((answer) => answer.fragrances ?? []),
  );
  const rows = await db
    .select({ id: fragrances.id, name: fragrances.name })
    .from(fragrances)
    .where(inArray(fragrances.name, [...new Set(names)]));
  const fragranceIdOf = new Map(rows.map((row) => [row.name, row.id]));

  const storage = createStorage(config, await resolveSigningKey(db, config.JWT_SECRET));
  const service = createQuizService({ repository: new QuizRepository(db), storage });
  const published: number[] = [];
  for (const language of LANGUAGES) {
    const { quizId } = await service.create(
      quizCreateBodySchema.parse({
        name: DEMO_QUIZ_NAMES[language],
        campaignId: defaultCampaign.id,
        language,
      }),
    );
    await buildTree(service, quizId, inLanguage(DEMO_QUIZ, language), fragranceIdOf);
    await service.validate(quizId);
    await service.publish(quizId, null);
    published.push(quizId);
  }
  const { quizId: draftId } = await service.create(
    quizCreateBodySchema.parse({ name: DEMO_DRAFT_NAME, campaignId: draftCampaign.id, language: 'pt-BR' }),
  );
  const draft = await buildTree(service, draftId, DEMO_DRAFT, fragranceIdOf);
  await service.deleteQuestion(draft.get(DEMO_DRAFT_REMOVED) as number);
  return { quizzes: published.length + 1, published };
}
