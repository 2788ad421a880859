import type { Language } from '@scentia/shared/locales';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Database } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import type { JobRunner } from '../jobs/job-runner.ts';
import { claimLeased } from '../jobs/leased-claims.ts';
import type { PeriodicJob } from '../jobs/periodic-job.ts';
import type { RenderedMail } from './render-mail.ts';

export type OutgoingMail = RenderedMail & {
  kind: string;
  /** The account the mail is written for: its mails are found by it whatever address it has later. */
  userId?: number;
  to: string;
  toName?: string;
  language: Language;
  link?: string;
};

export type MailOutboxOptions = {
  db: Database;
  /** Absent when SMTP_URL is not set: mails are then kept in the outbox, and logged by id and kind. */
  transport?: Transporter;
  /**
   * Whether the log line of a kept mail carries its link (NODE_ENV=development only, so a developer
   * without SMTP can follow it). Elsewhere a log holds ids, never an address or a live link.
   */
  logsLinks: boolean;
  from: string;
  maxAttempts: number;
  retryBaseMs: number;
  pollMs: number;
  /** Delivery rounds run as a job of the server's job runner, every `pollMs` and when nudged. */
  jobs: JobRunner;
  log: FastifyBaseLogger;
};

const BATCH_SIZE = 20;
const MAX_BACKOFF_MS = 3_600_000;
// A claimed mail is leased for this long; a process that dies mid-delivery lets it be retried after.
const CLAIM_LEASE = '5 minutes';

type ClaimedMail = {
  id: number;
  kind: string;
  to_address: string;
  to_name: string | null;
  subject: string;
  html: string | null;
  text: string | null;
  link: string | null;
  attempts: number;
};

/**
 * The transactional outbox: `enqueue` writes a mail in the caller's transaction, so a mail exists if
 * and only if the change that caused it committed. Delivery happens afterwards, off the request path,
 * with exponential back-off; `nudge` asks for a prompt delivery after a commit.
 */
export class MailOutbox {
  private readonly delivery: PeriodicJob;

  constructor(private readonly options: MailOutboxOptions) {
    this.delivery = options.jobs.add({
      name: 'mail-delivery',
      intervalMs: options.pollMs,
      run: () => this.deliverDue(),
    });
  }

  /** Queues the mail; answers its outbox row's id (a feature that records its mails keeps it). */
  async enqueue(db: Database, mail: OutgoingMail): Promise<number> {
    const [id] = await this.enqueueMany(db, [mail]);
    if (id === undefined) throw new Error('Mail not queued');
    return id;
  }

  /** Queues many mails in one statement (a bulk action's chunk), in the caller's transaction; their ids. */
  async enqueueMany(db: Database, mails: OutgoingMail[]): Promise<number[]> {
    if (mails.length === 0) return [];
    const rows = await db
      .insert(mailOutbox)
      .values(
        mails.map((mail) => ({
          kind: mail.kind,
          userId: mail.userId,
          toAddress: mail.to,
          toName: mail.toName,
          language: mail.language,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          link: mail.link,
          status: 'pending' as const,
        })),
      )
      .returning({ id: mailOutbox.id });
    if (rows.length !== mails.length) throw new Error('Mail not queued');
    return rows.map((row) => row.id);
  }

  /** Requests a delivery round soon, after a commit that queued mail; rounds never overlap. */
  nudge(): void {
    this.delivery.nudge();
  }

  /** Waits for the round in progress, if any (used by tests). */
  idle(): Promise<void> {
    return this.delivery.idle();
  }

  /** Delivers every mail that is due, one batch at a time. */
  async deliverDue(): Promise<void> {
    for (;;) {
      const batch = await this.claimDue();
      for (const mail of batch) await this.deliver(mail);
      if (batch.length < BATCH_SIZE) return;
    }
  }

  private async claimDue(): Promise<ClaimedMail[]> {
    return claimLeased<ClaimedMail>(this.options.db, {
      table: mailOutbox,
      due: sql`status = 'pending' and next_attempt_at <= now()`,
      order: sql`id`,
      limit: BATCH_SIZE,
      // The lease is the next attempt's time: a mail whose sender died is retried once it passes.
      set: sql`attempts = attempts + 1, next_attempt_at = now() + ${CLAIM_LEASE}::interval`,
      returning: sql`id, kind, to_address, to_name, subject, html, text, link, attempts`,
    });
  }

  private async deliver(mail: ClaimedMail): Promise<void> {
    const { db, transport, log } = this.options;
    if (!transport) {
      // Never the address: a log outlives the account's erasure. The link only in development.
      const link = this.options.logsLinks && mail.link ? { link: mail.link } : {};
      log.info({ mailId: mail.id, kind: mail.kind, ...link }, 'Mail kept in the outbox (no SMTP_URL)');
      await db.update(mailOutbox).set({ status: 'logged' }).where(eq(mailOutbox.id, mail.id));
      return;
    }
    try {
      await transport.sendMail({
        from: this.options.from,
        to: mail.to_name ? { name: mail.to_name, address: mail.to_address } : mail.to_address,
        subject: mail.subject,
        html: mail.html ?? undefined,
        text: mail.text ?? undefined,
      });
      // The single-use link is no longer needed once delivered; keep only the envelope.
      await db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: new Date(), html: null, text: null, link: null, lastError: null })
        .where(eq(mailOutbox.id, mail.id));
      log.info({ mailId: mail.id, kind: mail.kind, attempts: mail.attempts }, 'Mail sent');
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const isLastAttempt = mail.attempts >= this.options.maxAttempts;
      const delayMs = Math.min(this.options.retryBaseMs * 2 ** (mail.attempts - 1), MAX_BACKOFF_MS);
      await db
        .update(mailOutbox)
        .set({
          status: isLastAttempt ? 'failed' : 'pending',
          lastError: reason,
          nextAttemptAt: new Date(Date.now() + delayMs),
        })
        .where(eq(mailOutbox.id, mail.id));
      if (isLastAttempt) {
        log.error(
          { mailId: mail.id, kind: mail.kind, attempts: mail.attempts, reason },
          'Mail could not be delivered; giving up',
        );
      } else {
        log.warn(
          { mailId: mail.id, kind: mail.kind, attempts: mail.attempts, retryInMs: delayMs, reason },
          'Mail delivery failed; will retry',
        );
      }
    }
  }
}
