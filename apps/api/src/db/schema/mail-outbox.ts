import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const MAIL_STATUSES = ['pending', 'sent', 'failed', 'logged'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/**
 * Every mail the product sends, written in the same transaction as the change that caused it and
 * delivered afterwards by the mail worker (retried with back-off). Without SMTP, mails stay here with
 * status `logged` and their link goes to the log. Bodies of delivered mails are erased, since they
 * carry single-use links.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: varchar('kind', { length: 40 }).notNull(),
    /**
     * The account the mail was written for (null for a mail to nobody's account): a person's mails are
     * found by it, whatever address they had then. Gone with an account deleted for good.
     */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    toAddress: varchar('to_address', { length: 200 }).notNull(),
    toName: varchar('to_name', { length: 200 }),
    language: varchar('language', { length: 5 }).notNull(),
    subject: varchar('subject', { length: 300 }).notNull(),
    html: text('html'),
    text: text('text'),
    /** The mail's action link, logged when there is no SMTP server. */
    link: varchar('link', { length: 500 }),
    status: varchar('status', { length: 16 }).$type<MailStatus>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: varchar('last_error', { length: 500 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    index('mail_outbox_due_idx').on(table.status, table.nextAttemptAt),
    index('mail_outbox_user_idx').on(table.userId),
    check('mail_outbox_status_check', sql`${table.status} in ('pending', 'sent', 'failed', 'logged')`),
  ],
);
