import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/**
 * Every e-mail address the account ever had, lower-cased: its current one and those its own trail
 * shows (the `email` of each change of its users row, on the trail's partial index of that table).
 * Mails and failed sign-ins are kept by address, so a person's export and erasure look for all of them,
 * not only for the address an admin corrected last. Addresses older than the trail's retention are
 * no longer known; their mails are still found by the account's id.
 */
export async function accountAddresses(
  db: Database,
  userId: number,
  currentEmail: string,
): Promise<string[]> {
  const result = (await db.execute(sql`
    select distinct lower(v.address) as address
    from audit_changes c
    cross join lateral (values (c.before ->> 'email'), (c.after ->> 'email')) as v(address)
    where c.table_name = 'users' and c.row_key = ${String(userId)} and v.address is not null`)) as unknown as {
    rows: { address: string }[];
  };
  return [...new Set([currentEmail.toLowerCase(), ...result.rows.map((row) => row.address)])];
}
