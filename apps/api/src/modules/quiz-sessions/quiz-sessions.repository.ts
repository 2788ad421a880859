import type { PublishedQuiz } from '@scentia/shared/quiz.schemas';
import type { QuizSessionEvent } from '@scentia/shared/quiz-sessions.schemas';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { PlayIncrements, RecordedEvent, SessionState } from './quiz-session-play.ts';

const rowsOf = async <T>(query: Promise<unknown>) => ((await query) as { rows: T[] }).rows;

/** A quiz as the app's routes need it: may it be played, and which version. */
export type PlayableQuiz = {
  id: number;
  language: string;
  publishedVersion: number | null;
  isActive: boolean;
};

export type StoredSession = {
  userId: number | null;
  quizId: number;
  version: number;
  day: string;
  shard: number;
  currentQuestionId: number | null;
  answerIds: number[];
  isFinished: boolean;
  isAbandoned: boolean;
  fragranceIds: number[] | null;
};

/** Sorted keys, so every transaction locks counter rows in one order and none deadlocks another. */
const sortedKeys = <V>(map: Map<number, V>) => [...map.keys()].sort((a, b) => a - b);

/** The app's reads and the events' transaction; the analytics reads are in quiz-analytics.repository. */
export class QuizSessionsRepository {
  constructor(private readonly db: Database) {}

  /** The active, published quiz of an active campaign in a language, with its latest snapshot. */
  async latestPublication(campaignId: number, language: string): Promise<PublishedQuiz | undefined> {
    const [row] = await rowsOf<{ snapshot: PublishedQuiz }>(
      this.db.execute(sql`
        select p.snapshot from quizzes q
        join campaigns c on c.id = q.campaign_id and c.deleted_at is null
        join quiz_publications p on p.quiz_id = q.id and p.version = q.published_version
        where q.campaign_id = ${campaignId} and q.language = ${language} and q.deleted_at is null`),
    );
    return row?.snapshot;
  }

  /** The current name, description (in `language`, else the default) and image keys of fragrances. */
  async fragrances(ids: readonly number[], language: string) {
    if (ids.length === 0) return [];
    return rowsOf<{
      id: number;
      name: string;
      description: string | null;
      image_key: string | null;
      thumbnail_key: string | null;
    }>(
      this.db.execute(sql`
        select f.id, f.name, coalesce(t.description, f.description) as description, f.image_key,
          f.thumbnail_key
        from fragrances f
        left join fragrance_translations t on t.fragrance_id = f.id and t.language = ${language}
        where f.id in ${sql.raw(`(${ids.map(Number).join(',')})`)}
        order by f.id`),
    );
  }

  async playableQuiz(quizId: number): Promise<PlayableQuiz | undefined> {
    const [row] = await rowsOf<{
      id: number;
      language: string;
      published_version: number | null;
      is_active: boolean;
    }>(
      this.db.execute(sql`
        select q.id, q.language, q.published_version,
          (q.deleted_at is null and c.deleted_at is null) as is_active
        from quizzes q join campaigns c on c.id = q.campaign_id where q.id = ${quizId}`),
    );
    return (
      row && {
        id: row.id,
        language: row.language,
        publishedVersion: row.published_version,
        isActive: row.is_active,
      }
    );
  }

  async publication(quizId: number, version: number): Promise<PublishedQuiz | undefined> {
    const [row] = await rowsOf<{ snapshot: PublishedQuiz }>(
      this.db.execute(
        sql`select snapshot from quiz_publications where quiz_id = ${quizId} and version = ${version}`,
      ),
    );
    return row?.snapshot;
  }

  /**
   * One batch in one transaction: the session (created when new, then locked so batches of one
   * session apply one after the other), its events inserted with ON CONFLICT DO NOTHING, and only the
   * events that were new handed to `count`, whose increments are written before the commit.
   */
  async recordBatch(options: {
    session: { id: string; quizId: number; version: number; language: string; userId: number };
    shard: number;
    entryQuestionId: number;
    mayCreate: boolean;
    events: readonly QuizSessionEvent[];
    /** Throws to refuse the batch; `undefined` when the session neither existed nor could be created. */
    check: (session: StoredSession | undefined) => void;
    count: (
      session: SessionState & { isNew: boolean },
      newEvents: QuizSessionEvent[],
      allEvents: RecordedEvent[],
    ) => PlayIncrements;
  }): Promise<{ recorded: number }> {
    const { session, events } = options;
    return this.db.transaction(async (tx) => {
      // The session, created or found, and locked either way (an upsert's update locks the row it
      // finds, as FOR UPDATE would): one round trip. `xmax = 0` tells a row just inserted only in the
      // upsert, whose update keeps its lock in the new row's xmax; a plain UPDATE leaves the new row's
      // xmax at 0 too, so a session going on past a new publication (which may not create) says
      // `false` outright, or each of its batches would be counted as a new start.
      const returning = (isNew: SQL) => sql`returning user_id as "userId", quiz_id as "quizId", version,
        day::text as day, shard, current_question_id as "currentQuestionId", answer_ids as "answerIds",
        finished_at is not null as "isFinished", abandoned_at is not null as "isAbandoned",
        fragrance_ids as "fragranceIds", ${isNew} as "isNew"`;
      const [stored] = await rowsOf<StoredSession & { isNew: boolean }>(
        tx.execute(
          options.mayCreate
            ? sql`
              insert into quiz_sessions (id, quiz_id, version, language, user_id, day, shard,
                current_question_id)
              values (${session.id}, ${session.quizId}, ${session.version}, ${session.language},
                ${session.userId}, (now() at time zone 'UTC')::date, ${options.shard},
                ${options.entryQuestionId})
              on conflict (id) do update set last_event_at = quiz_sessions.last_event_at
              ${returning(sql`xmax = 0`)}`
            : sql`update quiz_sessions set last_event_at = last_event_at where id = ${session.id}
              ${returning(sql`false`)}`,
        ),
      );
      const isNew = stored?.isNew === true;
      options.check(stored);
      if (!stored) return { recorded: 0 };

      const values = sql.join(
        events.map(
          (event) => sql`(${session.id}::uuid, ${event.seq}, ${event.type}, ${event.at}::timestamptz,
            ${event.type === 'answered' ? event.quizQuestionId : null}::integer,
            ${event.type === 'answered' ? event.quizQuestionAnswerId : null}::integer)`,
        ),
        sql`, `,
      );
      // The new events (those the insert returns) and the session's earlier ones (the statement's
      // snapshot does not see the rows it inserts): one round trip. No other batch of the session can
      // write meanwhile, its row being locked above.
      const recordedEvents = await rowsOf<RecordedEvent & { isNew: boolean }>(
        tx.execute(sql`
          with inserted as (
            insert into quiz_session_events (session_id, seq, type, at, quiz_question_id, quiz_answer_id)
            values ${values} on conflict (session_id, seq) do nothing
            returning seq, type, quiz_answer_id
          )
          select seq, type, quiz_answer_id as "quizAnswerId", true as "isNew" from inserted
          union all
          select seq, type, quiz_answer_id, false from quiz_session_events where session_id = ${session.id}`),
      );
      const newSeqs = new Set(recordedEvents.filter((row) => row.isNew).map((row) => Number(row.seq)));
      const newEvents = events.filter((event) => newSeqs.has(event.seq));
      if (newEvents.length === 0 && !isNew) return { recorded: 0 };
      const allEvents = recordedEvents.map(({ isNew: _isNew, ...event }) => ({
        ...event,
        seq: Number(event.seq),
      }));
      const increments = options.count({ ...stored, isNew }, newEvents, allEvents);
      await tx.execute(
        writeState(session.id, { quizId: stored.quizId, day: stored.day, shard: stored.shard }, increments),
      );
      return { recorded: newEvents.length };
    });
  }
}

type Bucket = { quizId: number; day: string; shard: number };

/** An integer array as one parameter (a JS array would be spread into a list of parameters). */
const intArray = (values: readonly (number | undefined)[]) =>
  sql`${`{${values.map(Number).join(',')}}`}::integer[]`;

/**
 * The session's new state and every counter's upsert in one statement (one round trip). The
 * counters' CTEs are read by the final select in a fixed order of tables, and each inserts its rows
 * in the order of its sorted keys (see `sortedKeys`), so every batch locks counter rows in one order.
 */
function writeState(sessionId: string, bucket: Bucket, increments: PlayIncrements): SQL {
  const { quizId, day, shard } = bucket;
  const { state } = increments;
  const steps: [string, SQL][] = [
    [
      'session',
      sql`
      update quiz_sessions set last_event_at = now(), current_question_id = ${state.currentQuestionId},
        answer_ids = ${intArray(state.answerIds)},
        finished_at = case when ${state.isFinished}::boolean then coalesce(finished_at, now()) end,
        fragrance_ids = ${state.fragranceIds ? intArray(state.fragranceIds) : null}
      where id = ${sessionId} returning 1`,
    ],
  ];
  if (increments.starts > 0 || increments.completions > 0) {
    steps.push([
      'daily',
      sql`
      insert into quiz_daily_stats (quiz_id, day, shard, starts, completions)
      values (${quizId}, ${day}::date, ${shard}, ${increments.starts}, ${increments.completions})
      on conflict (quiz_id, day, shard) do update set starts = quiz_daily_stats.starts + excluded.starts,
        completions = quiz_daily_stats.completions + excluded.completions
      returning 1`,
    ]);
  }
  const reached = sortedKeys(increments.reached);
  if (reached.length > 0) {
    steps.push([
      'reached',
      sql`
      insert into quiz_question_daily_stats (quiz_id, day, quiz_question_id, shard, reached)
      select ${quizId}::integer, ${day}::date, node.id, ${shard}::smallint, node.count
      from unnest(${intArray(reached)}, ${intArray(reached.map((id) => increments.reached.get(id)))})
        as node(id, count)
      on conflict (quiz_id, day, quiz_question_id, shard)
      do update set reached = quiz_question_daily_stats.reached + excluded.reached
      returning 1`,
    ]);
  }
  const answers = sortedKeys(increments.answers);
  if (answers.length > 0) {
    steps.push([
      'answers',
      sql`
      insert into quiz_answer_daily_stats (quiz_id, day, quiz_answer_id, shard, quiz_question_id, count)
      select ${quizId}::integer, ${day}::date, node.id, ${shard}::smallint, node.question, node.count
      from unnest(${intArray(answers)},
        ${intArray(answers.map((id) => increments.answers.get(id)?.quizQuestionId))},
        ${intArray(answers.map((id) => increments.answers.get(id)?.count))}) as node(id, question, count)
      on conflict (quiz_id, day, quiz_answer_id, shard)
      do update set count = quiz_answer_daily_stats.count + excluded.count
      returning 1`,
    ]);
  }
  const fragrances = sortedKeys(increments.recommendations);
  if (fragrances.length > 0) {
    steps.push([
      'fragrances',
      sql`
      insert into quiz_fragrance_daily_stats (quiz_id, day, fragrance_id, shard, recommendations)
      select ${quizId}::integer, ${day}::date, node.id, ${shard}::smallint, node.count
      from unnest(${intArray(fragrances)},
        ${intArray(fragrances.map((id) => increments.recommendations.get(id)))}) as node(id, count)
      on conflict (quiz_id, day, fragrance_id, shard)
      do update set recommendations = quiz_fragrance_daily_stats.recommendations + excluded.recommendations
      returning 1`,
    ]);
  }
  const ctes = steps.map(([name, statement]) => sql`${sql.raw(name)} as (${statement})`);
  const reads = steps.map(([name]) => `(select count(*) from ${name})`);
  return sql`with ${sql.join(ctes, sql`, `)} select ${sql.raw(reads.join(', '))}`;
}
