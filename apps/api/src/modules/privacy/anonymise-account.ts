import { PROFILE_ADMIN } from '@scentia/shared/constants';
import { ErrorCode } from '@scentia/shared/error-codes';
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { accountAddresses } from './account-addresses.ts';

/** What an anonymised account is called instead: unique, telling nothing about the person. */
const neutralName = (id: number) => `#${id}`;
const neutralEmail = (id: number) => `anonymised-${id}@invalid`;

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(query: Promise<unknown>) => ((await query) as Rows<T>).rows;

/**
 * Erases an account's personal data for good, in one transaction of `db` (the audited handle, so the
 * erasure leaves its own event, named after the caller or the retention job):
 * - the users row keeps its id, profile, language and dates, and becomes `#<id>` /
 *   `anonymised-<id>@invalid`, without document, birthday, gender, address or password, inactive;
 * - its sessions, pending links and activity are deleted, and its mails with them: those written for
 *   the account and those to any address it ever had (an admin may have corrected it; the trail knows);
 * - its notification settings and its read marks of alerts are deleted;
 * - the access log keeps its records (the law asks for them, and they are pruned by their own
 *   retention) linked to the id, without the e-mail typed at failed sign-ins, any of its addresses;
 * - its spreadsheet import jobs keep their reports, without the address and user agent of the upload;
 * - the QR codes it printed and the quiz versions it published keep their rows (records of a staff
 *   member's acts, like the trail's events), linked to the id, which now names nobody;
 * - the quiz sessions it played lose the account (migration 0022's trigger on `anonymized_at`);
 * - in the audit trail, the person's values in every change of their users row become "anonymised":
 *   who did what and when stays, what the person was called does not.
 * Refuses an unknown or already anonymised account, and the last active, confirmed ADMIN (nobody
 * could manage the system any more). Whether the caller may anonymise this one is the caller's rule.
 */
export async function anonymiseAccount(options: { db: Database; userId: number; now?: Date }): Promise<void> {
  const { db, userId, now = new Date() } = options;
  const at = now.toISOString();
  await db.transaction(async (tx) => {
    // Every active ADMIN row, locked: two erasures of the last two admins cannot both see the other.
    const activeAdmins = await rowsOf<{ id: number }>(
      tx.execute(sql`
        select u.id from users u join profiles p on p.id = u.profile_id
        where upper(p.name) = ${PROFILE_ADMIN} and u.deleted_at is null and u.confirmed_at is not null
        order by u.id for update of u`),
    );
    const [account] = await rowsOf<{ email: string; anonymized_at: unknown }>(
      tx.execute(sql`select email, anonymized_at from users where id = ${userId} for update`),
    );
    if (!account) throw new AppError(ErrorCode.NOT_FOUND);
    if (account.anonymized_at) throw new AppError(ErrorCode.ALREADY_ANONYMISED);
    if (activeAdmins.length === 1 && activeAdmins[0]?.id === userId)
      throw new AppError(ErrorCode.LAST_ACTIVE_ADMIN);

    // Read before the trail is scrubbed of them below.
    const addresses = await accountAddresses(tx as unknown as Database, userId, account.email);
    const isAnAddress = (column: string) => inArray(sql`lower(${sql.identifier(column)})`, addresses);

    await tx.execute(sql`
      update users set name = ${neutralName(userId)}, email = ${neutralEmail(userId)}, cpf = null,
        document = null, birthday = null, genre = null, street = null, city = null, state = null,
        zipcode = null, country = null, password_hash = null,
        deleted_at = coalesce(deleted_at, ${at}::timestamptz), anonymized_at = ${at}::timestamptz,
        updated_at = ${at}::timestamptz
      where id = ${userId}`);
    await tx.execute(sql`delete from refresh_tokens where user_id = ${userId}`);
    await tx.execute(sql`delete from temporary_requests where user_id = ${userId}`);
    await tx.execute(sql`delete from account_activity where user_id = ${userId}`);
    // Their notification choices and read marks (the users row stays, so no cascade removes them).
    await tx.execute(sql`delete from notification_settings where user_id = ${userId}`);
    await tx.execute(sql`delete from alert_reads where user_id = ${userId}`);
    await tx.execute(sql`delete from mail_outbox where user_id = ${userId} or ${isAnAddress('to_address')}`);
    await tx.execute(sql`
      update access_log set email = null
      where email is not null and (user_id = ${userId} or ${isAnAddress('email')})`);
    // Their import jobs keep their reports (records of a staff member's acts), not where they came from.
    await tx.execute(sql`
      update record_imports set ip = null, user_agent = null
      where account_id = ${userId} and (ip is not null or user_agent is not null)`);
    await scrubAuditTrail(tx as unknown as Database, userId);
  });
}

/**
 * Replaces the person's values in the trail's changes of their users row, the erasure's own change
 * included (it runs last, in the same transaction); the neutral values the row now holds are kept.
 * Migration 0032's audit_anonymise_account does it as the owner of the trail, for an erased account
 * only: the columns the update above erases (name, e-mail, documents, birthday, gender, address) become
 * "anonymised" (ANONYMISED_VALUE of packages/shared privacy.schemas.ts).
 */
async function scrubAuditTrail(tx: Database, userId: number): Promise<void> {
  await tx.execute(sql`select audit_anonymise_account(${userId})`);
}
