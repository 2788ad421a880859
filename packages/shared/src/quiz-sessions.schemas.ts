import { z } from 'zod';
import { dateTimeSchema } from './dates.schemas.ts';
import { boundedInteger, idSchema, idTextSchema } from './integers.schemas.ts';
import { LANGUAGES } from './locales.ts';
import { publishedQuizSchema, quizPeriodQuerySchema } from './quiz.schemas.ts';

/**
 * The app's play of a published quiz, and the analytics kept from it. A session is the app's (a UUID
 * it makes when the player starts); its events are numbered from 0 (`seq`), and an event already
 * recorded under its number is not counted again, so a retry after a lost answer changes nothing.
 */

/** A session's events, at most this many (far above any real walk of a quiz). */
export const QUIZ_SESSION_MAX_EVENTS = 1000;
/** A session without a new event for this long, and not finished, counts as abandoned. */
export const QUIZ_SESSION_TIMEOUT_MINUTES = 30;

const seqSchema = boundedInteger(0, QUIZ_SESSION_MAX_EVENTS - 1);

export const quizSessionEventSchema = z.discriminatedUnion('type', [
  z.strictObject({ seq: seqSchema, type: z.literal('started'), at: dateTimeSchema }),
  z.strictObject({
    seq: seqSchema,
    type: z.literal('answered'),
    at: dateTimeSchema,
    quizQuestionId: idSchema,
    quizQuestionAnswerId: idSchema,
  }),
  z.strictObject({
    seq: seqSchema,
    type: z.literal('finished'),
    at: dateTimeSchema,
    fragranceIds: z.array(idSchema).min(1).max(20),
  }),
]);
export type QuizSessionEvent = z.infer<typeof quizSessionEventSchema>;

/**
 * `POST /api/app/quiz-sessions/events`: a batch of one session's events, for the published version it
 * plays (`quizId`, `version`). A session for a quiz that is not published (or not in that version) is
 * refused (409 QUIZ_NOT_PUBLISHED).
 */
export const quizSessionEventsBodySchema = z.strictObject({
  sessionId: z.uuid({ error: 'invalid' }),
  quizId: idSchema,
  version: boundedInteger(1, 2_147_483_647),
  events: z.array(quizSessionEventSchema).min(1).max(100),
});
export type QuizSessionEventsBody = z.infer<typeof quizSessionEventsBodySchema>;

/** Its answer: how many events were new, and how many were already recorded (replays). */
export const quizSessionEventsAnswerSchema = z.object({
  recorded: z.number().int(),
  duplicates: z.number().int(),
});

/**
 * `GET /api/quiz/analytics/{quizId}?from=&to=` (days, inclusive, in UTC; default the last 30 days):
 * starts, completions and their rate; per question, the sessions that reached it and those that left
 * there (abandoned with it open), and the answer distribution; recommendations per fragrance. Read from
 * aggregates kept as events arrive.
 */
export const quizAnalyticsSchema = z.object({
  from: z.string(),
  to: z.string(),
  language: z.enum(LANGUAGES),
  starts: z.number().int(),
  completions: z.number().int(),
  abandoned: z.number().int(),
  /** completions / starts, 0 when nothing started. */
  completionRate: z.number(),
  questions: z.array(
    z.object({
      quizQuestionId: z.number().int(),
      quest: z.string(),
      reached: z.number().int(),
      leftThere: z.number().int(),
      answers: z.array(
        z.object({ quizQuestionAnswerId: z.number().int(), label: z.string(), count: z.number().int() }),
      ),
    }),
  ),
  recommendations: z.array(
    z.object({ fragranceId: z.number().int(), name: z.string(), count: z.number().int() }),
  ),
});
export type QuizAnalytics = z.infer<typeof quizAnalyticsSchema>;

/**
 * `GET /api/app/quiz`: the latest publication as the app plays it, and each fragrance it recommends
 * with its current name, image and description in the quiz's language.
 */
export const appQuizSchema = publishedQuizSchema.extend({
  fragrances: z.array(
    z.object({
      fragranceId: z.number().int(),
      name: z.string(),
      description: z.string().nullable(),
      image: z.object({ tempUri: z.string(), thumbnailUri: z.string() }).nullable(),
    }),
  ),
});
export type AppQuiz = z.infer<typeof appQuizSchema>;

/** `GET /api/resultado/export?quizId=&from=&to=`: one quiz's sessions started in the period. */
export const quizSessionsExportQuerySchema = quizPeriodQuerySchema.extend({ quizId: idTextSchema });

/** The analytics period: by default the last 30 days (UTC, today included); at most a year at once. */
export const QUIZ_PERIOD_DAYS = { default: 30, max: 366 } as const;

const DAY_MS = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The last `days` UTC days, today included, as `from`/`to` days. */
export function lastQuizDays(days: number, now = Date.now()): { from: string; to: string } {
  return { from: isoDay(now - (days - 1) * DAY_MS), to: isoDay(now) };
}

/** What the API refuses in a period of days (`YYYY-MM-DD`, inclusive): reversed, or over a year. */
export function quizPeriodProblem(period: { from: string; to: string }): 'reversed' | 'tooLong' | undefined {
  if (period.from > period.to) return 'reversed';
  const days = (Date.parse(period.to) - Date.parse(period.from)) / DAY_MS + 1;
  return days > QUIZ_PERIOD_DAYS.max ? 'tooLong' : undefined;
}
