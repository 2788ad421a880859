import type { Language } from '@scentia/shared/locales';
import type { PublishedQuiz } from '@scentia/shared/quiz.schemas';
import type { QuizSessionEvent } from '@scentia/shared/quiz-sessions.schemas';
import { sql } from 'drizzle-orm';
import type { TestContext } from './test-app.ts';

/**
 * A published quiz written straight into the tables (the editor's API is not used, so these tests
 * stand on the publication alone). Its tree, with `q`/`a` ids offset per quiz:
 *   Q1 (entry): A11 → Q2, A12 → Q3
 *   Q2: A21 final [F1, F2], A22 → Q3
 *   Q3: A31 final [F2], A32 final [F3]
 */
export async function publishedQuizFixture(
  ctx: TestContext,
  options: { language?: Language; name?: string; versions?: number } = {},
) {
  const language = options.language ?? 'pt-BR';
  const [category] = await ctx.query<{ id: number }>(
    sql`insert into categories (name) values (${`Cat ${Math.random()}`}) returning id`,
  );
  const fragranceIds: number[] = [];
  for (const name of ['Lavanda', 'Cedro', 'Bergamota']) {
    const [row] = await ctx.query<{ id: number }>(sql`
      insert into fragrances (name, olfactory_way, category_id, description)
      values (${`${name} ${fragranceIds.length}${Math.random().toString(36).slice(2, 6)}`}, 'Floral',
        ${category?.id}, ${`${name} padrão`}) returning id`);
    fragranceIds.push(row?.id as number);
  }
  const [campaign] = await ctx.query<{ id: number }>(
    sql`insert into campaigns (name) values (${`Campanha ${Math.random()}`}) returning id`,
  );
  const [quiz] = await ctx.query<{ id: number }>(sql`
    insert into quizzes (name, campaign_id, language, validated_at)
    values (${options.name ?? 'Quiz de aromas'}, ${campaign?.id}, ${language}, now()) returning id`);
  const quizId = quiz?.id as number;
  const base = quizId * 1000;
  const [f1, f2, f3] = fragranceIds as [number, number, number];
  const q = { q1: base + 1, q2: base + 2, q3: base + 3 };
  const a = {
    a11: base + 11,
    a12: base + 12,
    a21: base + 21,
    a22: base + 22,
    a31: base + 31,
    a32: base + 32,
  };
  const answer = (id: number, label: string, next: number | null, fragrances: number[] = []) => ({
    quizQuestionAnswerId: id,
    label,
    description: null,
    nextQuestionId: next,
    fragranceIds: fragrances,
  });
  const versions = options.versions ?? 1;
  const snapshots: PublishedQuiz[] = [];
  for (let version = 1; version <= versions; version += 1) {
    const snapshot: PublishedQuiz = {
      quizId,
      version,
      name: options.name ?? 'Quiz de aromas',
      campaignId: campaign?.id as number,
      language,
      publishedAt: new Date().toISOString(),
      entryQuestionId: q.q1,
      questions: [
        {
          quizQuestionId: q.q1,
          quest: `Qual clima? v${version}`,
          answers: [answer(a.a11, 'Frio', q.q2), answer(a.a12, 'Quente', q.q3)],
        },
        {
          quizQuestionId: q.q2,
          quest: 'Qual hora?',
          answers: [answer(a.a21, 'Manhã', null, [f1, f2]), answer(a.a22, 'Noite', q.q3)],
        },
        {
          quizQuestionId: q.q3,
          quest: 'Qual estilo?',
          answers: [answer(a.a31, 'Clássico', null, [f2]), answer(a.a32, 'Moderno', null, [f3])],
        },
      ],
    };
    snapshots.push(snapshot);
    await ctx.query(sql`
      insert into quiz_publications (quiz_id, version, snapshot, fragrance_ids)
      values (${quizId}, ${version}, ${JSON.stringify(snapshot)}::jsonb,
        ${sql.raw(`'{${fragranceIds.join(',')}}'::integer[]`)})`);
  }
  await ctx.query(
    sql`update quizzes set published_at = now(), published_version = ${versions} where id = ${quizId}`,
  );
  return {
    quizId,
    campaignId: campaign?.id as number,
    language,
    fragranceIds,
    q,
    a,
    snapshots,
    version: versions,
  };
}

export type QuizFixture = Awaited<ReturnType<typeof publishedQuizFixture>>;

/** A whole walk's events: started, one answered per step, finished with the last answer's fragrances. */
export function walkEvents(
  fixture: QuizFixture,
  answerIds: number[],
  options: { finish?: boolean } = {},
): QuizSessionEvent[] {
  const snapshot = fixture.snapshots.at(-1) as PublishedQuiz;
  const at = new Date().toISOString();
  const events: QuizSessionEvent[] = [{ seq: 0, type: 'started', at }];
  let last: { fragranceIds: number[] } | undefined;
  for (const answerId of answerIds) {
    const question = snapshot.questions.find((candidate) =>
      candidate.answers.some((answer) => answer.quizQuestionAnswerId === answerId),
    );
    last = question?.answers.find((answer) => answer.quizQuestionAnswerId === answerId);
    events.push({
      seq: events.length,
      type: 'answered',
      at,
      quizQuestionId: question?.quizQuestionId as number,
      quizQuestionAnswerId: answerId,
    });
  }
  if (options.finish !== false && last && last.fragranceIds.length > 0)
    events.push({ seq: events.length, type: 'finished', at, fragranceIds: last.fragranceIds });
  return events;
}
