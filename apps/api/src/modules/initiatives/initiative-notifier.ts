import { toLanguage } from '@scentia/shared/locales';
import type { Database } from '../../db/client.ts';
import type { Account } from '../../lib/account.ts';
import type { OutgoingMail } from '../../lib/mail/mail-outbox.ts';
import { InitiativeLookups } from './initiative-lookups.ts';
import { renderChangedMail, renderDecisionMail, renderProposedMail } from './initiative-notices.ts';
import type { InitiativesRepository, LockedInitiative } from './initiatives.repository.ts';

export type Mailer = {
  enqueue(db: Database, mail: OutgoingMail): Promise<number>;
  nudge(): void;
};

/**
 * Who is told what about an initiative (issue 39: a conversation between a client and staff), through
 * the outbox in the caller's transaction: each answers whether a mail was queued, so the caller nudges
 * the outbox once the transaction has committed.
 */
export function initiativeNotifier(outbox: Mailer, appUrl: string) {
  /**
   * An approval or a rejection told to the client who proposed it (a member of its organisation), in
   * their language, through the outbox, and kept on the initiative as one of its review mails. Staff
   * proposals are told to no one: the reviewer's colleagues read the list.
   */
  async function tellProposer(
    tx: InitiativesRepository,
    initiative: LockedInitiative,
    decision: 'approved' | 'rejected',
    statusChangeId: number,
    actor: Account,
    note: string | null,
  ): Promise<boolean> {
    if (initiative.proposedBy === null) return false;
    const proposer = await new InitiativeLookups(tx.db).person(initiative.proposedBy);
    if (!proposer || proposer.organizationId !== initiative.organizationId) return false;
    const language = toLanguage(proposer.language) ?? 'pt-BR';
    const mail = renderDecisionMail({ language, decision, ...initiative, note });
    const outboxId = await outbox.enqueue(tx.db, {
      kind: `initiative-${decision}`,
      userId: proposer.id,
      to: proposer.email,
      toName: proposer.name,
      language,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
    });
    await tx.addMail({
      initiativeId: initiative.id,
      statusChangeId,
      outboxId,
      recipient: proposer.email,
      subject: mail.subject,
      html: mail.message,
      language,
      sentBy: actor.id,
    });
    return true;
  }

  /** A client's change after a request for changes, told to the reviewer who asked (staff). */
  async function tellReviewer(tx: InitiativesRepository, initiative: LockedInitiative, title: string) {
    const lookups = new InitiativeLookups(tx.db);
    const reviewerId = await lookups.lastChangedTo(initiative.id, 'changesRequested');
    const reviewer = reviewerId === undefined ? undefined : await lookups.person(reviewerId);
    if (!reviewer || reviewer.organizationId !== null) return false;
    const language = toLanguage(reviewer.language) ?? 'pt-BR';
    const mail = renderChangedMail({ language, title });
    await outbox.enqueue(tx.db, {
      kind: 'initiative-changed-by-client',
      userId: reviewer.id,
      to: reviewer.email,
      toName: reviewer.name,
      language,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
    });
    return true;
  }

  /**
   * A client's proposal, told to those who review it (every active ADMIN account, each in their
   * language), with a link to the initiative's staff page. Staff proposals are told to no one.
   */
  async function tellReviewers(
    tx: InitiativesRepository,
    initiative: { id: number; title: string; organizationId: number; startsOn: string; endsOn: string },
  ): Promise<boolean> {
    const lookups = new InitiativeLookups(tx.db);
    // One after the other: both run on the transaction's one connection.
    const reviewers = await lookups.reviewers();
    const organization = await lookups.organizationName(initiative.organizationId);
    const link = `${appUrl.replace(/\/$/, '')}/admin/initiatives/${initiative.id}/update`;
    for (const reviewer of reviewers) {
      const language = toLanguage(reviewer.language) ?? 'pt-BR';
      const mail = renderProposedMail({ language, ...initiative, organization: organization ?? '', link });
      await outbox.enqueue(tx.db, {
        kind: 'initiative-proposed-by-client',
        userId: reviewer.id,
        to: reviewer.email,
        toName: reviewer.name,
        language,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        link,
      });
    }
    return reviewers.length > 0;
  }

  return { tellProposer, tellReviewer, tellReviewers };
}
