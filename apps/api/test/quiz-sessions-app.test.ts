import { randomUUID } from 'node:crypto';
import type { QuizSessionEvent } from '@scentia/shared/quiz-sessions.schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishedQuizFixture, type QuizFixture, walkEvents } from './quiz-sessions-fixture.ts';
import { createTestApp, type TestContext } from './test-app.ts';

let ctx: TestContext;
let fixture: QuizFixture;
let player: string;
let otherPlayer: string;

beforeAll(async () => {
  ctx = await createTestApp();
  fixture = await publishedQuizFixture(ctx, { versions: 2 });
  await ctx.query(sql`
    insert into fragrance_translations (fragrance_id, language, description, olfactory_way)
    values (${fixture.fragranceIds[0]}, 'pt-BR', 'Lavanda em português', 'Floral')`);
  const user = await ctx.createAccount({ profile: 'USER' });
  player = (await ctx.signIn(user.email, user.password)).token;
  const other = await ctx.createAccount({ profile: 'USER' });
  otherPlayer = (await ctx.signIn(other.email, other.password)).token;
});
afterAll(() => ctx.close());

const post = (token: string, payload: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/app/quiz-sessions/events',
    headers: { authorization: `Bearer ${token}` },
    payload: payload as Record<string, unknown>,
  });

const batch = (sessionId: string, events: QuizSessionEvent[], version = fixture.version) => ({
  sessionId,
  quizId: fixture.quizId,
  version,
  events,
});

async function totals() {
  const [daily] = await ctx.query<{ starts: number; completions: number }>(sql`
    select coalesce(sum(starts), 0)::int as starts, coalesce(sum(completions), 0)::int as completions
    from quiz_daily_stats where quiz_id = ${fixture.quizId}`);
  const answers = await ctx.query<{ id: number; count: number }>(sql`
    select quiz_answer_id as id, sum(count)::int as count from quiz_answer_daily_stats
    where quiz_id = ${fixture.quizId} group by 1 order by 1`);
  const reached = await ctx.query<{ id: number; reached: number }>(sql`
    select quiz_question_id as id, sum(reached)::int as reached from quiz_question_daily_stats
    where quiz_id = ${fixture.quizId} group by 1 order by 1`);
  return { starts: daily?.starts ?? 0, completions: daily?.completions ?? 0, answers, reached };
}

describe('GET /api/app/quiz', () => {
  it('answers the latest publication to a USER profile, with its fragrances in the quiz’s language', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/app/quiz?campaignId=${fixture.campaignId}&language=pt-BR`,
      headers: { authorization: `Bearer ${player}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.version).toBe(2);
    expect(body.questions[0].quest).toBe('Qual clima? v2');
    expect(body.fragrances.map((f: { fragranceId: number }) => f.fragranceId)).toEqual(fixture.fragranceIds);
    expect(body.fragrances[0].description).toBe('Lavanda em português');
    expect(body.fragrances[1].description).toMatch(/padrão$/);
  });

  it('answers 404 in a language without a quiz, and for an inactive quiz', async () => {
    const other = await ctx.app.inject({
      method: 'GET',
      url: `/api/app/quiz?campaignId=${fixture.campaignId}&language=en-US`,
      headers: { authorization: `Bearer ${player}` },
    });
    expect(other.statusCode).toBe(404);
    const inactive = await publishedQuizFixture(ctx);
    await ctx.query(sql`update quizzes set deleted_at = now() where id = ${inactive.quizId}`);
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/app/quiz?campaignId=${inactive.campaignId}&language=pt-BR`,
      headers: { authorization: `Bearer ${player}` },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('POST /api/app/quiz-sessions/events', () => {
  it('counts a replayed batch once', async () => {
    const before = await totals();
    const sessionId = randomUUID();
    const events = walkEvents(fixture, [fixture.a.a11, fixture.a.a21]);
    const first = await post(player, batch(sessionId, events));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ recorded: 4, duplicates: 0 });
    const replay = await post(player, batch(sessionId, events));
    expect(replay.json()).toEqual({ recorded: 0, duplicates: 4 });
    const after = await totals();
    expect(after.starts - before.starts).toBe(1);
    expect(after.completions - before.completions).toBe(1);
    const [session] = await ctx.query<{ answer_ids: number[]; fragrance_ids: number[] }>(
      sql`select answer_ids, fragrance_ids from quiz_sessions where id = ${sessionId}`,
    );
    expect(session).toEqual({
      answer_ids: [fixture.a.a11, fixture.a.a21],
      fragrance_ids: fixture.fragranceIds.slice(0, 2),
    });
  });

  it('counts two identical batches sent at once once, and a batch split in parts as the whole', async () => {
    const before = await totals();
    const sessionId = randomUUID();
    const events = walkEvents(fixture, [fixture.a.a12, fixture.a.a32]);
    const answers = await Promise.all([1, 2, 3, 4].map(() => post(player, batch(sessionId, events))));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    expect(answers.reduce((sum, answer) => sum + answer.json().recorded, 0)).toBe(events.length);
    const split = randomUUID();
    const walk = walkEvents(fixture, [fixture.a.a11, fixture.a.a22, fixture.a.a31]);
    await Promise.all([
      post(player, batch(split, walk.slice(0, 2))),
      post(player, batch(split, walk.slice(1, 4))),
      post(player, batch(split, walk.slice(3))),
    ]);
    const after = await totals();
    expect(after.starts - before.starts).toBe(2);
    expect(after.completions - before.completions).toBe(2);
    const countOf = (rows: { id: number; count: number }[], id: number) =>
      rows.find((row) => row.id === id)?.count ?? 0;
    for (const id of [fixture.a.a12, fixture.a.a32, fixture.a.a11, fixture.a.a22, fixture.a.a31])
      expect(countOf(after.answers, id) - countOf(before.answers, id), `answer ${id}`).toBe(1);
  });

  it('counts the parts of a walk arriving in reverse order as the whole walk', async () => {
    const before = await totals();
    const sessionId = randomUUID();
    const walk = walkEvents(fixture, [fixture.a.a11, fixture.a.a22, fixture.a.a31]);
    for (const part of [walk.slice(3), walk.slice(1, 4), walk.slice(0, 2)])
      expect((await post(player, batch(sessionId, part))).statusCode).toBe(200);
    const after = await totals();
    expect(after.completions - before.completions).toBe(1);
    const countOf = (rows: { id: number; count: number }[], id: number) =>
      rows.find((row) => row.id === id)?.count ?? 0;
    for (const id of [fixture.a.a11, fixture.a.a22, fixture.a.a31])
      expect(countOf(after.answers, id) - countOf(before.answers, id), `answer ${id}`).toBe(1);
    const [session] = await ctx.query<{ answer_ids: number[]; current_question_id: number | null }>(
      sql`select answer_ids, current_question_id from quiz_sessions where id = ${sessionId}`,
    );
    expect(session).toEqual({
      answer_ids: [fixture.a.a11, fixture.a.a22, fixture.a.a31],
      current_question_id: null,
    });
  });

  it('refuses a session of an unpublished quiz, of an older version and of an inactive quiz (409)', async () => {
    const draft = await publishedQuizFixture(ctx);
    await ctx.query(
      sql`update quizzes set published_version = null, published_at = null where id = ${draft.quizId}`,
    );
    const unpublished = await post(player, {
      ...batch(randomUUID(), walkEvents(draft, [])),
      quizId: draft.quizId,
    });
    expect(unpublished.statusCode).toBe(409);
    expect(unpublished.json().code).toBe('QUIZ_NOT_PUBLISHED');

    const old = await post(player, batch(randomUUID(), walkEvents(fixture, []), 1));
    expect(old.statusCode).toBe(409);
    expect(old.json().code).toBe('QUIZ_NOT_PUBLISHED');
    const unknownVersion = await post(player, batch(randomUUID(), walkEvents(fixture, []), 3));
    expect(unknownVersion.statusCode).toBe(409);

    const inactive = await publishedQuizFixture(ctx);
    await ctx.query(sql`update quizzes set deleted_at = now() where id = ${inactive.quizId}`);
    const refused = await post(player, {
      ...batch(randomUUID(), walkEvents(inactive, [])),
      quizId: inactive.quizId,
      version: 1,
    });
    expect(refused.statusCode).toBe(409);
    const rows = await ctx.query(
      sql`select 1 from quiz_sessions where quiz_id in (${draft.quizId}, ${inactive.quizId})`,
    );
    expect(rows).toEqual([]);
  });

  it('lets a session started before a new publication go on with its version, still one start', async () => {
    const before = await totals();
    const sessionId = randomUUID();
    const started = await post(player, batch(sessionId, walkEvents(fixture, [fixture.a.a11])));
    expect(started.statusCode).toBe(200);
    await ctx.query(sql`update quizzes set published_version = 3 where id = ${fixture.quizId}`);
    await ctx.query(sql`
      insert into quiz_publications (quiz_id, version, snapshot, fragrance_ids)
      select quiz_id, 3, snapshot || '{"version": 3}', fragrance_ids from quiz_publications
      where quiz_id = ${fixture.quizId} and version = 2`);
    try {
      const goOn = await post(player, batch(sessionId, walkEvents(fixture, [fixture.a.a11, fixture.a.a21])));
      expect(goOn.json()).toEqual({ recorded: 2, duplicates: 2 });
      // Each later batch of the old version (a replay among them) finds the session: no new start.
      const again = await post(player, batch(sessionId, walkEvents(fixture, [fixture.a.a11, fixture.a.a21])));
      expect(again.json()).toEqual({ recorded: 0, duplicates: 4 });
      const after = await totals();
      expect(after.starts - before.starts).toBe(1);
      expect(after.completions - before.completions).toBe(1);
      const reachedOf = (sums: typeof before, id: number) =>
        sums.reached.find((row) => row.id === id)?.reached ?? 0;
      expect(reachedOf(after, fixture.q.q1) - reachedOf(before, fixture.q.q1)).toBe(1);
      expect(reachedOf(after, fixture.q.q2) - reachedOf(before, fixture.q.q2)).toBe(1);
      const other = await post(player, batch(sessionId, walkEvents(fixture, [fixture.a.a11]), 3));
      expect(other.statusCode).toBe(409);
    } finally {
      await ctx.query(sql`update quizzes set published_version = 2 where id = ${fixture.quizId}`);
    }
  });

  it('refuses an answer or a fragrance the publication does not have (400), recording nothing', async () => {
    const sessionId = randomUUID();
    const at = new Date().toISOString();
    const wrongPair = await post(
      player,
      batch(sessionId, [
        { seq: 0, type: 'started', at },
        { seq: 1, type: 'answered', at, quizQuestionId: fixture.q.q2, quizQuestionAnswerId: fixture.a.a11 },
      ]),
    );
    expect(wrongPair.statusCode).toBe(400);
    expect(wrongPair.json().fields[0].path).toBe('events.1.quizQuestionAnswerId');
    const unknown = await post(
      player,
      batch(sessionId, [{ seq: 1, type: 'answered', at, quizQuestionId: 999_999, quizQuestionAnswerId: 1 }]),
    );
    expect(unknown.statusCode).toBe(400);
    const fragrance = await post(
      player,
      batch(sessionId, [
        { seq: 3, type: 'finished', at, fragranceIds: [fixture.fragranceIds[0] as number, 2_000_000] },
      ]),
    );
    expect(fragrance.statusCode).toBe(400);
    expect(fragrance.json().fields[0].path).toBe('events.0.fragranceIds.1');
    expect(await ctx.query(sql`select 1 from quiz_sessions where id = ${sessionId}`)).toEqual([]);
  });

  it('answers 404 to events of another account’s session, changing nothing', async () => {
    const sessionId = randomUUID();
    await post(player, batch(sessionId, walkEvents(fixture, [fixture.a.a11], { finish: false })));
    const before = await totals();
    const intruder = await post(
      otherPlayer,
      batch(sessionId, walkEvents(fixture, [fixture.a.a11, fixture.a.a21])),
    );
    expect(intruder.statusCode).toBe(404);
    expect(await totals()).toEqual(before);
  });

  it('cuts a session loose from its account when the person is erased, keeping its counts', async () => {
    const person = await ctx.createAccount({ profile: 'USER' });
    const token = (await ctx.signIn(person.email, person.password)).token;
    const sessionId = randomUUID();
    expect(
      (await post(token, batch(sessionId, walkEvents(fixture, [fixture.a.a12, fixture.a.a31])))).statusCode,
    ).toBe(200);
    const owner = async () =>
      (
        await ctx.query<{ user_id: number | null }>(
          sql`select user_id from quiz_sessions where id = ${sessionId}`,
        )
      )[0];
    expect(await owner()).toEqual({ user_id: person.id });
    const before = await totals();
    const adminAccount = await ctx.createAccount();
    const admin = (await ctx.signIn(adminAccount.email, adminAccount.password)).token;
    const erased = await ctx.app.inject({
      method: 'POST',
      url: `/api/usuario/anonymise/${person.id}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await owner()).toEqual({ user_id: null });
    expect(await totals()).toEqual(before);
  });

  it('refuses more than 100 events, and an anonymous caller', async () => {
    const at = new Date().toISOString();
    const events = Array.from({ length: 101 }, (_, seq) => ({ seq, type: 'started', at }));
    const tooMany = await post(player, {
      sessionId: randomUUID(),
      quizId: fixture.quizId,
      version: 2,
      events,
    });
    expect(tooMany.statusCode).toBe(400);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/quiz-sessions/events',
      payload: batch(randomUUID(), walkEvents(fixture, [])),
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
