import { PROFILE_USER } from '@scentia/shared/constants';
import { QUIZ_SESSION_TIMEOUT_MINUTES, type QuizSessionEvent } from '@scentia/shared/quiz-sessions.schemas';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { profiles, quizSessions, users } from '../db/schema/index.ts';
import { abandonStaleSessions } from '../modules/quiz-sessions/quiz-session-abandonment.ts';
import { applyEvents, indexPublication, type PlayIndex } from '../modules/quiz-sessions/quiz-session-play.ts';
import { QuizSessionsRepository } from '../modules/quiz-sessions/quiz-sessions.repository.ts';
import { shardOf } from '../modules/quiz-sessions/quiz-sessions.service.ts';

/**
 * Played sessions of the demo's published quizzes over the last 60 days, with a realistic drop-off:
 * some leave at each question (more at the first), a few close the app on the recommendation before
 * it is sent. Each session's counters come from the same counting rules as the app's events
 * (`applyEvents`), its abandonment from the same job (`abandonStaleSessions`); only the writes are
 * batched, thousands of sessions at a time, so the demo still seeds in seconds. The events route
 * itself stamps a session with the day it arrives, which cannot spread them over two months.
 */
const DAYS = 60;
const SESSIONS_PER_LANGUAGE: Record<string, number> = { 'pt-BR': 3000, 'en-US': 2000, 'es-ES': 2000 };
/** The chance of leaving at a question, by how many were answered before it. */
const LEAVE_AT_DEPTH = [0.14, 0.09, 0.07, 0.06];
/** The chance of closing the app on the recommendation, before `finished` is sent. */
const CLOSED_ON_RESULT = 0.02;
const CHUNK = 5000;

function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t ^= t + Math.imul(t ^ (t >>> 7), 61 | t);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const uuidFrom = (random: () => number) => {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16));
  hex[12] = '4';
  hex[16] = (8 + Math.floor(random() * 4)).toString(16);
  const text = hex.join('');
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
};

/** A day of the last 60 (0 = today): busier at weekends, and growing as the campaign got known. */
function pickDay(random: () => number, now: Date): number {
  for (;;) {
    const ago = Math.floor(random() * DAYS);
    const weekday = new Date(now.getTime() - ago * 86_400_000).getUTCDay();
    const weight = (weekday === 0 || weekday === 6 ? 1.4 : 1) * (1 - (ago / DAYS) * 0.45);
    if (random() * 1.4 < weight) return ago;
  }
}

type Counters = Map<string, { key: (string | number)[]; count: number }>;
const add = (counters: Counters, key: (string | number)[], count = 1) => {
  const id = key.join(':');
  const entry = counters.get(id) ?? { key, count: 0 };
  entry.count += count;
  counters.set(id, entry);
};

/** One session's walk: its events and where it ended, answers chosen with the question's own leanings. */
type Played = PlayIndex & { recommends: Map<number, number[]> };

function play(index: Played, random: () => number, startedAt: number, lean: Map<number, number[]>) {
  const events: QuizSessionEvent[] = [{ seq: 0, type: 'started', at: new Date(startedAt).toISOString() }];
  let at = startedAt;
  let question: number | null = index.entryQuestionId;
  for (let depth = 0; question !== null; depth += 1) {
    if (random() < (LEAVE_AT_DEPTH[depth] ?? 0.05)) return events;
    const asked: number = question;
    const answers = [...index.answers].filter(([, answer]) => answer.quizQuestionId === asked);
    const weights: number[] = lean.get(asked) ?? answers.map(() => 1);
    let pick = random() * weights.reduce((sum, weight) => sum + weight, 0);
    let chosen = answers.at(-1);
    for (const [i, answer] of answers.entries()) {
      pick -= weights[i] ?? 1;
      if (pick < 0) {
        chosen = answer;
        break;
      }
    }
    if (!chosen) return events;
    at += 4_000 + Math.floor(random() * 20_000);
    const [answerId, answer] = chosen;
    events.push({
      seq: events.length,
      type: 'answered',
      at: new Date(at).toISOString(),
      quizQuestionId: asked,
      quizQuestionAnswerId: answerId,
    });
    question = answer.nextQuestionId;
  }
  if (random() < CLOSED_ON_RESULT) return events;
  const final = events.at(-1) as Extract<QuizSessionEvent, { type: 'answered' }>;
  const fragranceIds = index.recommends.get(final.quizQuestionAnswerId) ?? [];
  at += 2_000 + Math.floor(random() * 5_000);
  events.push({ seq: events.length, type: 'finished', at: new Date(at).toISOString(), fragranceIds });
  return events;
}

type Row = Record<string, unknown>;

/**
 * Rows inserted from one JSON parameter a statement (`jsonb_to_recordset`): thousands of rows without
 * thousands of bound parameters, which the embedded database binds slowly. `columns` names each
 * column with its type.
 */
async function insertRows(db: Pick<Database, 'execute'>, table: string, columns: string, rows: Row[]) {
  const names = columns
    .split(',')
    .map((column) => column.trim().split(' ')[0])
    .join(', ');
  for (let from = 0; from < rows.length; from += CHUNK) {
    const chunk = JSON.stringify(rows.slice(from, from + CHUNK));
    await db.execute(
      sql`insert into ${sql.raw(table)} (${sql.raw(names)}) select ${sql.raw(names)} from jsonb_to_recordset(${chunk}::jsonb) as r(${sql.raw(columns)})`,
    );
  }
}

/** Skipped when any session exists already. Answers how many sessions were added. */
export async function seedDemoQuizSessions(db: Database, quizIds: readonly number[]) {
  const [existing] = await db.select({ total: sql<number>`count(*)::int` }).from(quizSessions);
  if ((existing?.total ?? 0) > 0 || quizIds.length === 0) return { quizSessions: 0 };
  const players = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(profiles, eq(users.profileId, profiles.id))
    .where(and(sql`upper(${profiles.name}) = ${PROFILE_USER}`, isNull(users.deletedAt)));
  if (players.length === 0) return { quizSessions: 0 };
  const repository = new QuizSessionsRepository(db);
  const random = seeded(24);
  const now = new Date();
  const sessions: Row[] = [];
  const events: Row[] = [];
  const daily: Counters = new Map();
  const reached: Counters = new Map();
  const chosen: Counters = new Map();
  const recommended: Counters = new Map();

  for (const quizId of quizIds) {
    const snapshot = await repository.publication(quizId, 1);
    if (!snapshot) continue;
    const index = { ...indexPublication(snapshot), recommends: new Map<number, number[]>() };
    const lean = new Map<number, number[]>();
    for (const question of snapshot.questions) {
      lean.set(
        question.quizQuestionId,
        question.answers.map(() => 0.5 + random()),
      );
      for (const answer of question.answers)
        index.recommends.set(answer.quizQuestionAnswerId, answer.fragranceIds);
    }
    for (let n = 0; n < (SESSIONS_PER_LANGUAGE[snapshot.language] ?? 1000); n += 1) {
      const ago = pickDay(random, now);
      const day = new Date(now.getTime() - ago * 86_400_000).toISOString().slice(0, 10);
      // Shop hours in Brazil (13:00–23:00 UTC), and at least an hour ago.
      const start = Math.min(
        Date.parse(`${day}T13:00:00Z`) + random() * 10 * 3_600_000,
        now.getTime() - 3_600_000,
      );
      const walk = play(index, random, start, lean);
      const id = uuidFrom(random);
      const shard = shardOf(id);
      const before = {
        isNew: true,
        currentQuestionId: index.entryQuestionId,
        answerIds: [],
        isFinished: false,
        fragranceIds: null,
      };
      const recorded = walk.map((event) => ({
        seq: event.seq,
        type: event.type,
        quizAnswerId: event.type === 'answered' ? event.quizQuestionAnswerId : null,
      }));
      const counted = applyEvents(index, before, walk, recorded);
      const sessionDay = new Date(start).toISOString().slice(0, 10);
      const last = walk.at(-1) as QuizSessionEvent;
      sessions.push({
        id,
        quiz_id: quizId,
        version: snapshot.version,
        language: snapshot.language,
        user_id: players[Math.floor(random() * players.length)]?.id ?? null,
        day: sessionDay,
        shard,
        started_at: new Date(start).toISOString(),
        last_event_at: last.at,
        finished_at: counted.state.isFinished ? last.at : null,
        current_question_id: counted.state.currentQuestionId,
        answer_ids: counted.state.answerIds,
        fragrance_ids: counted.state.fragranceIds,
      });
      for (const event of walk)
        events.push({
          session_id: id,
          seq: event.seq,
          type: event.type,
          at: event.at,
          received_at: event.at,
          quiz_question_id: event.type === 'answered' ? event.quizQuestionId : null,
          quiz_answer_id: event.type === 'answered' ? event.quizQuestionAnswerId : null,
        });
      add(daily, [quizId, sessionDay, shard, 'starts'], counted.starts);
      add(daily, [quizId, sessionDay, shard, 'completions'], counted.completions);
      for (const [questionId, count] of counted.reached)
        add(reached, [quizId, sessionDay, questionId, shard], count);
      for (const [answerId, { quizQuestionId, count }] of counted.answers)
        add(chosen, [quizId, sessionDay, answerId, shard, quizQuestionId], count);
      for (const [fragranceId, count] of counted.recommendations)
        add(recommended, [quizId, sessionDay, fragranceId, shard], count);
    }
  }

  /** Counters as rows: the key's columns, then the count's. */
  const rows = (counters: Counters, names: string[], countName: string) =>
    [...counters.values()].map(({ key, count }) => ({
      ...Object.fromEntries(names.map((name, i) => [name, key[i]])),
      [countName]: count,
    }));
  const days = new Map<string, Row>();
  for (const { key, count } of daily.values()) {
    const [quizId, day, shard, what] = key as [number, string, number, 'starts' | 'completions'];
    const id = `${quizId}:${day}:${shard}`;
    const row = days.get(id) ?? { quiz_id: quizId, day, shard, starts: 0, completions: 0 };
    row[what] = (row[what] as number) + count;
    days.set(id, row);
  }
  await db.transaction(async (tx) => {
    await insertRows(
      tx,
      'quiz_sessions',
      `id uuid, quiz_id int, version int, language text, user_id int,
      day date, shard smallint, started_at timestamptz, last_event_at timestamptz, finished_at timestamptz,
      current_question_id int, answer_ids int[], fragrance_ids int[]`,
      sessions,
    );
    await insertRows(
      tx,
      'quiz_session_events',
      `session_id uuid, seq smallint, type text, at timestamptz,
      received_at timestamptz, quiz_question_id int, quiz_answer_id int`,
      events,
    );
    await insertRows(
      tx,
      'quiz_daily_stats',
      'quiz_id int, day date, shard smallint, starts int, completions int',
      [...days.values()],
    );
    await insertRows(
      tx,
      'quiz_question_daily_stats',
      'quiz_id int, day date, quiz_question_id int, shard smallint, reached int',
      rows(reached, ['quiz_id', 'day', 'quiz_question_id', 'shard'], 'reached'),
    );
    await insertRows(
      tx,
      'quiz_answer_daily_stats',
      'quiz_id int, day date, quiz_answer_id int, shard smallint, quiz_question_id int, count int',
      rows(chosen, ['quiz_id', 'day', 'quiz_answer_id', 'shard', 'quiz_question_id'], 'count'),
    );
    await insertRows(
      tx,
      'quiz_fragrance_daily_stats',
      'quiz_id int, day date, fragrance_id int, shard smallint, recommendations int',
      rows(recommended, ['quiz_id', 'day', 'fragrance_id', 'shard'], 'recommendations'),
    );
  });
  // Sessions left open are abandoned by the job the server runs, counted where they were left.
  const abandoned = await abandonStaleSessions({ db, timeoutMinutes: QUIZ_SESSION_TIMEOUT_MINUTES });
  return { quizSessions: sessions.length, abandonedQuizSessions: abandoned };
}
