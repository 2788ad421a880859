import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';

export type LeasedClaim = {
  table: PgTable;
  /** The rows that may be claimed now (due, or whose previous claimer's lease ran out). */
  due: SQL;
  order: SQL;
  limit: number;
  /** What a claim writes: the lease (an expiry the claimer renews or ends), and any count of attempts. */
  set: SQL;
  returning: SQL;
};

/**
 * Claims up to `limit` rows of a work table for this process, in one statement: the rows are chosen
 * `for update skip locked`, so instances claiming at the same time each get different rows and never
 * wait for one another, and the claim writes a lease. A process that dies holding a claim leaves its
 * lease to run out; the row is then due again and another instance takes it (the mail outbox, the
 * import jobs).
 */
export async function claimLeased<Row>(db: Database, claim: LeasedClaim): Promise<Row[]> {
  const result = (await db.execute(sql`
    update ${claim.table}
    set ${claim.set}
    where id in (
      select id from ${claim.table}
      where ${claim.due}
      order by ${claim.order}
      limit ${claim.limit}
      for update skip locked)
    returning ${claim.returning}`)) as unknown as { rows: Row[] };
  return result.rows;
}
