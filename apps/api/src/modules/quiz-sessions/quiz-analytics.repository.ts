import type { PublishedQuiz } from '@scentia/shared/quiz.schemas';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

const rowsOf = async <T>(query: Promise<unknown>) => ((await query) as { rows: T[] }).rows;
const EXPORT_BATCH_SIZE = 1000;

export type Period = { from: string; to: string };

export type SessionExportRow = {
  id: string;
  version: number;
  language: string;
  startedAt: Date;
  finishedAt: Date | null;
  abandonedAt: Date | null;
  answerIds: number[];
  fragranceIds: number[] | null;
};

/**
 * The analytics' reads: sums of the daily counters over a period (never the sessions, so the cost
 * grows with days and nodes, not with sessions played), and the sessions for the export.
 */
export class QuizAnalyticsRepository {
  constructor(private readonly db: Database) {}

  async quiz(quizId: number) {
    const [row] = await rowsOf<{ id: number; name: string; language: string; campaign: string }>(
      this.db.execute(sql`
        select q.id, q.name, q.language, c.name as campaign
        from quizzes q join campaigns c on c.id = q.campaign_id where q.id = ${quizId}`),
    );
    return row;
  }

  /** Every publication's snapshot, newest first: a node's label is taken from the newest holding it. */
  async snapshots(quizId: number): Promise<PublishedQuiz[]> {
    const rows = await rowsOf<{ snapshot: PublishedQuiz }>(
      this.db.execute(
        sql`select snapshot from quiz_publications where quiz_id = ${quizId} order by version desc`,
      ),
    );
    return rows.map((row) => row.snapshot);
  }

  async totals(quizId: number, period: Period) {
    const [row] = await rowsOf<{ starts: number; completions: number; abandoned: number }>(
      this.db.execute(sql`
        select coalesce(sum(starts), 0)::int as starts, coalesce(sum(completions), 0)::int as completions,
          coalesce(sum(abandoned), 0)::int as abandoned
        from quiz_daily_stats
        where quiz_id = ${quizId} and day between ${period.from}::date and ${period.to}::date`),
    );
    return row ?? { starts: 0, completions: 0, abandoned: 0 };
  }

  async questions(quizId: number, period: Period) {
    return rowsOf<{ id: number; reached: number; leftThere: number }>(
      this.db.execute(sql`
        select quiz_question_id as id, sum(reached)::int as reached, sum(left_there)::int as "leftThere"
        from quiz_question_daily_stats
        where quiz_id = ${quizId} and day between ${period.from}::date and ${period.to}::date
        group by quiz_question_id`),
    );
  }

  async answers(quizId: number, period: Period) {
    return rowsOf<{ id: number; questionId: number; count: number }>(
      this.db.execute(sql`
        select quiz_answer_id as id, min(quiz_question_id) as "questionId", sum(count)::int as count
        from quiz_answer_daily_stats
        where quiz_id = ${quizId} and day between ${period.from}::date and ${period.to}::date
        group by quiz_answer_id`),
    );
  }

  async recommendations(quizId: number, period: Period) {
    return rowsOf<{ id: number; name: string | null; count: number }>(
      this.db.execute(sql`
        select s.fragrance_id as id, f.name, s.count from (
          select fragrance_id, sum(recommendations)::int as count from quiz_fragrance_daily_stats
          where quiz_id = ${quizId} and day between ${period.from}::date and ${period.to}::date
          group by fragrance_id
        ) s left join fragrances f on f.id = s.fragrance_id
        order by s.count desc, s.fragrance_id`),
    );
  }

  /** Fragrance names by id, for the export's recommended fragrances. */
  async fragranceNames(ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await rowsOf<{ id: number; name: string }>(
      this.db.execute(
        sql`select id, name from fragrances where id in ${sql.raw(`(${ids.map(Number).join(',')})`)}`,
      ),
    );
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  /** The quiz's sessions of the period's days (their `day`, as the counters), oldest first, in batches. */
  async *sessionBatches(quizId: number, period: Period, size = EXPORT_BATCH_SIZE) {
    // The sort key as text: a JavaScript Date would drop the microseconds and skip or repeat rows.
    let after: { sortKey: string; id: string } | undefined;
    for (;;) {
      const rows = await rowsOf<SessionExportRow & { sortKey: string }>(
        this.db.execute(sql`
          select id, version, language, started_at as "startedAt", finished_at as "finishedAt",
            abandoned_at as "abandonedAt", answer_ids as "answerIds", fragrance_ids as "fragranceIds",
            started_at::text as "sortKey"
          from quiz_sessions
          where quiz_id = ${quizId} and day between ${period.from}::date and ${period.to}::date
            ${after ? sql`and (started_at, id) > (${after.sortKey}::timestamptz, ${after.id}::uuid)` : sql``}
          order by started_at, id limit ${size}`),
      );
      const last = rows.at(-1);
      if (!last) return;
      yield rows;
      if (rows.length < size) return;
      after = { sortKey: last.sortKey, id: last.id };
    }
  }
}
