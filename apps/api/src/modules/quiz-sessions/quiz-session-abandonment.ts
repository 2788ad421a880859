import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

const BATCH_SIZE = 1000;

type Marked = { quiz_id: number; day: string; shard: number; current_question_id: number | null };

/** Counts by key, the keys sorted: counter rows are locked in the order the events' transactions use. */
function countsBy(rows: Marked[], keyOf: (row: Marked) => (number | string)[] | undefined) {
  const counts = new Map<string, { key: (number | string)[]; count: number }>();
  for (const row of rows) {
    const key = keyOf(row);
    if (!key) continue;
    const id = JSON.stringify(key);
    const entry = counts.get(id) ?? { key, count: 0 };
    entry.count += 1;
    counts.set(id, entry);
  }
  return [...counts.values()].sort((a, b) => {
    for (let i = 0; i < a.key.length; i += 1) {
      const [x, y] = [a.key[i] as number | string, b.key[i] as number | string];
      if (x !== y) return x < y ? -1 : 1;
    }
    return 0;
  });
}

/**
 * Marks as abandoned the sessions neither finished nor abandoned whose last event is older than the
 * timeout, and counts each once: `abandoned` on its day, `left_there` on the question it was on (none
 * after a final answer never followed by `finished`). Batches, each its own transaction: sessions are
 * claimed with `for update skip locked` (a batch of events being recorded keeps its session; another
 * instance's run takes others), then the counters are upserted table by table in key order, as the
 * events' transactions do, so the two never deadlock.
 */
export async function abandonStaleSessions(options: {
  db: Database;
  timeoutMinutes: number;
  now?: Date;
  batchSize?: number;
}): Promise<number> {
  const { db, timeoutMinutes, now = new Date(), batchSize = BATCH_SIZE } = options;
  const at = now.toISOString();
  let total = 0;
  for (;;) {
    const abandoned = await db.transaction(async (tx) => {
      const { rows } = (await tx.execute(sql`
        with stale as (
          select id from quiz_sessions
          where finished_at is null and abandoned_at is null
            and last_event_at < ${at}::timestamptz - make_interval(mins => ${timeoutMinutes})
          order by last_event_at limit ${batchSize}
          for update skip locked
        )
        update quiz_sessions s set abandoned_at = ${at}::timestamptz from stale where s.id = stale.id
        returning s.quiz_id, s.day::text as day, s.shard, s.current_question_id`)) as unknown as {
        rows: Marked[];
      };
      const daily = countsBy(rows, (row) => [row.quiz_id, row.day, row.shard]);
      if (daily.length > 0) {
        await tx.execute(sql`
          insert into quiz_daily_stats (quiz_id, day, shard, abandoned)
          values ${sql.join(
            daily.map(
              ({ key: [quizId, day, shard], count }) => sql`(${quizId}, ${day}::date, ${shard}, ${count})`,
            ),
            sql`, `,
          )}
          on conflict (quiz_id, day, shard)
          do update set abandoned = quiz_daily_stats.abandoned + excluded.abandoned`);
      }
      const questions = countsBy(rows, (row) =>
        row.current_question_id === null
          ? undefined
          : [row.quiz_id, row.day, row.current_question_id, row.shard],
      );
      if (questions.length > 0) {
        await tx.execute(sql`
          insert into quiz_question_daily_stats (quiz_id, day, quiz_question_id, shard, left_there)
          values ${sql.join(
            questions.map(
              ({ key: [quizId, day, questionId, shard], count }) =>
                sql`(${quizId}, ${day}::date, ${questionId}, ${shard}, ${count})`,
            ),
            sql`, `,
          )}
          on conflict (quiz_id, day, quiz_question_id, shard)
          do update set left_there = quiz_question_daily_stats.left_there + excluded.left_there`);
      }
      return rows.length;
    });
    total += abandoned;
    if (abandoned < batchSize) return total;
  }
}
