import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { quizzes } from './quizzes.ts';
import { users } from './users.ts';

/**
 * A play of a published quiz by the app: the app's UUID, the version it plays, and where it stands.
 * `day` (UTC) is the day every aggregate of the session is counted on, fixed when the session is
 * first received, so that a period's completions never outnumber its starts. `currentQuestionId` is
 * the question the session is on (the entry at start, null after a final answer): where it is "left
 * there" when abandoned. `userId` is set to null by migration 0022's trigger when the account is
 * anonymised: nothing here names a person.
 */
export const quizSessions = pgTable(
  'quiz_sessions',
  {
    id: uuid('id').primaryKey(),
    quizId: integer('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    language: varchar('language', { length: 5 }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    day: date('day', { mode: 'string' }).notNull(),
    /** The counters' shard (0–3) the session's increments go to, from its id. */
    shard: smallint('shard').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    lastEventAt: timestamp('last_event_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    abandonedAt: timestamp('abandoned_at', { withTimezone: true }),
    currentQuestionId: integer('current_question_id'),
    /** The answers given, in order (quiz answer ids of the publication played). */
    answerIds: integer('answer_ids').array().notNull().default(sql`'{}'::integer[]`),
    fragranceIds: integer('fragrance_ids').array(),
  },
  (table) => [
    index('quiz_sessions_quiz_started_idx').on(table.quizId, table.startedAt, table.id),
    // The abandonment job's scan: open sessions only, oldest event first.
    index('quiz_sessions_open_idx')
      .on(table.lastEventAt)
      .where(sql`${table.finishedAt} is null and ${table.abandonedAt} is null`),
    index('quiz_sessions_user_idx').on(table.userId),
  ],
);

/** A session's events as received; the key makes a replayed event (same session and seq) a no-op. */
export const quizSessionEvents = pgTable(
  'quiz_session_events',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => quizSessions.id, { onDelete: 'cascade' }),
    seq: smallint('seq').notNull(),
    type: varchar('type', { length: 10 }).notNull(),
    /** The app's clock; `receivedAt` is the server's. */
    at: timestamp('at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    quizQuestionId: integer('quiz_question_id'),
    quizAnswerId: integer('quiz_answer_id'),
  },
  (table) => [
    primaryKey({ columns: [table.sessionId, table.seq] }),
    check('quiz_session_events_type', sql`${table.type} in ('started', 'answered', 'finished')`),
  ],
);

/**
 * The counters the analytics read, per quiz, UTC day and shard (a session's increments go to one of
 * four rows, so concurrent sessions of one quiz seldom wait on the same row lock).
 */
export const quizDailyStats = pgTable(
  'quiz_daily_stats',
  {
    quizId: integer('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    shard: smallint('shard').notNull(),
    starts: integer('starts').notNull().default(0),
    completions: integer('completions').notNull().default(0),
    abandoned: integer('abandoned').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.quizId, table.day, table.shard] })],
);

/** Per question of a publication (its `quizQuestionId`): sessions that reached it, and left there. */
export const quizQuestionDailyStats = pgTable(
  'quiz_question_daily_stats',
  {
    quizId: integer('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    quizQuestionId: integer('quiz_question_id').notNull(),
    shard: smallint('shard').notNull(),
    reached: integer('reached').notNull().default(0),
    leftThere: integer('left_there').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.quizId, table.day, table.quizQuestionId, table.shard] })],
);

/** Per answer of a publication: how many times it was chosen. */
export const quizAnswerDailyStats = pgTable(
  'quiz_answer_daily_stats',
  {
    quizId: integer('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    quizAnswerId: integer('quiz_answer_id').notNull(),
    shard: smallint('shard').notNull(),
    quizQuestionId: integer('quiz_question_id').notNull(),
    count: integer('count').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.quizId, table.day, table.quizAnswerId, table.shard] })],
);

/** Per fragrance: how many finished sessions recommended it. */
export const quizFragranceDailyStats = pgTable(
  'quiz_fragrance_daily_stats',
  {
    quizId: integer('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    fragranceId: integer('fragrance_id').notNull(),
    shard: smallint('shard').notNull(),
    recommendations: integer('recommendations').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.quizId, table.day, table.fragranceId, table.shard] })],
);
