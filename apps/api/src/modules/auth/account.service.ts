import { randomBytes } from 'node:crypto';
import type { TemporaryRequestBody } from '@scentia/shared/auth.schemas';
import { ErrorCode } from '@scentia/shared/error-codes';
import { DEFAULT_LANGUAGE, type Language, toLanguage } from '@scentia/shared/locales';
import type { Database } from '../../db/client.ts';
import type { TemporaryRequestKind } from '../../db/schema/index.ts';
import { requireAccess } from '../../lib/access-policy.ts';
import type { Account } from '../../lib/account.ts';
import type { AfterAnswer } from '../../lib/after-answer.ts';
import { AppError, tooManyRequests } from '../../lib/app-error.ts';
import { recordsActedOn } from '../../lib/audit/acted-on.ts';
import type { AuditContext } from '../../lib/audit/audit-context.ts';
import type { FailureLimiter } from '../../lib/limits/failure-limiter.ts';
import type { MailOutbox } from '../../lib/mail/mail-outbox.ts';
import type { MailKind } from '../../lib/mail/mail-texts.ts';
import { renderActionMail, withoutControlCharacters } from '../../lib/mail/render-mail.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { notFoundOutcomes, type RowOutcome, sortByRule } from '../../lib/resource-kit/bulk-chunks.ts';
import { hashToken } from '../../lib/token-hash.ts';
import { AccountRepository, type LinkToStore, type Person } from './account.repository.ts';

/** The page of the web client each kind of link opens. */
const LINK_PATHS: Record<TemporaryRequestKind, string> = {
  activation: '/auth/ativar-conta',
  recovery: '/auth/recuperar-senha',
  registration: '/auth/cadastrar-senha',
};

export type AccountServiceDeps = {
  repository: AccountRepository;
  outbox: MailOutbox;
  appUrl: string;
  linkTtlSeconds: Record<TemporaryRequestKind, number>;
  /** Where work runs whose duration must not show in the answer. */
  afterAnswer: AfterAnswer;
  /** Recovery mails per address, so nobody can flood someone's mailbox. */
  recoveryMailsPerAddress: FailureLimiter;
  /** Wrong current passwords per account on change-password. */
  wrongCurrentPasswords: FailureLimiter;
};

/** One link to issue: its person, its kind, and the organisation an invitation is for. */
type LinkRequest = {
  person: Person;
  kind: TemporaryRequestKind;
  invitation?: { mailKind: MailKind; organization: string };
};

function languageOf(person: Person): Language {
  return toLanguage(person.language) ?? DEFAULT_LANGUAGE;
}

export function createAccountService(deps: AccountServiceDeps) {
  /**
   * Creates a link of the given kind for each person and queues its mail in the same transaction, one
   * statement for the links and one for the mails however many people. Confirmation links (activation
   * and registration) replace each other; recovery links replace earlier recovery links.
   */
  async function issueLinks(repository: AccountRepository, requests: LinkRequest[]): Promise<void> {
    const issued = requests.map(({ person, kind, invitation }) => {
      const token = randomBytes(32).toString('base64url');
      const ttlSeconds = deps.linkTtlSeconds[kind];
      const link = new URL(`${LINK_PATHS[kind]}?t=${token}`, deps.appUrl).toString();
      const language = languageOf(person);
      const name = withoutControlCharacters(person.name);
      const mailKind = invitation?.mailKind ?? kind;
      const mail = renderActionMail({
        kind: mailKind,
        language,
        name,
        link,
        expiresInSeconds: ttlSeconds,
        organization: invitation?.organization,
      });
      return {
        stored: {
          userId: person.id,
          kind,
          supersedes: kind === 'recovery' ? ['recovery'] : ['activation', 'registration'],
          tokenHash: hashToken(token),
          expiresAt: new Date(Date.now() + ttlSeconds * 1000),
        } satisfies LinkToStore,
        mail: { ...mail, kind: mailKind, userId: person.id, to: person.email, toName: name, language, link },
      };
    });
    await repository.replaceTemporaryRequests(issued.map(({ stored }) => stored));
    await deps.outbox.enqueueMany(
      repository.db,
      issued.map(({ mail }) => mail),
    );
  }

  const issueLink = (
    repository: AccountRepository,
    person: Person,
    kind: TemporaryRequestKind,
    invitation?: LinkRequest['invitation'],
  ) => issueLinks(repository, [{ person, kind, invitation }]);

  /** People who signed up chose a password already; people an admin created still have to. */
  const confirmationKind = (person: Person): TemporaryRequestKind =>
    person.passwordHash ? 'activation' : 'registration';

  return {
    /** Queues the registration mail of a user an admin created, in the caller's transaction. */
    queueRegistrationMail: (
      db: Database,
      person: { id: number; name: string; email: string; language: string },
    ) =>
      issueLink(
        new AccountRepository(db),
        { ...person, passwordHash: null, confirmedAt: null, deletedAt: null, anonymizedAt: null },
        'registration',
      ),

    /**
     * Queues an organisation's invitation in the caller's transaction (modules/organization-members): a
     * person without a password gets a registration link (set the password, which accepts); one with a
     * password an activation link (accept). Either replaces the person's earlier confirmation links;
     * using it accepts the pending membership (`completeTemporaryRequest`).
     */
    queueInvitationMail: (
      db: Database,
      person: { id: number; name: string; email: string; language: string; hasPassword: boolean },
      organization: string,
    ) =>
      issueLink(
        new AccountRepository(db),
        { ...person, passwordHash: null, confirmedAt: null, deletedAt: null, anonymizedAt: null },
        person.hasPassword ? 'activation' : 'registration',
        { mailKind: person.hasPassword ? 'invitationAccept' : 'invitation', organization },
      ),

    /** Public sign-up: an unconfirmed USER account and its activation mail, or nothing at all. */
    async signUp(input: { name: string; email: string; password: string }, language: Language) {
      const passwordHash = await hashPassword(input.password);
      const person = await deps.repository.transaction(async (repository) => {
        const created = await repository.insertAppUser({
          name: withoutControlCharacters(input.name),
          email: input.email,
          passwordHash,
          language,
        });
        if (!created) throw new AppError(ErrorCode.EMAIL_TAKEN);
        await issueLink(repository, created, 'activation');
        return created;
      });
      deps.outbox.nudge();
      return { email: person.email };
    },

    /**
     * Sends a recovery mail when the address belongs to an active account. The work runs after the
     * answer, which is the same in every case and as quick: neither its content nor its timing tells
     * which addresses have accounts (making the link and the mail took 50 ms more for a known one).
     */
    requestRecovery(email: string): void {
      deps.afterAnswer.run('recovery mail', async () => {
        const key = email.toLowerCase();
        if ((await deps.recoveryMailsPerAddress.retryAfter(key)) > 0) return;
        await deps.recoveryMailsPerAddress.recordFailure(key);
        const person = await deps.repository.findPersonByEmail(email);
        if (!person || person.deletedAt) return;
        await deps.repository.transaction((repository) => issueLink(repository, person, 'recovery'));
        deps.outbox.nudge();
      });
    },

    /** Uses a mail link: activation confirms; recovery and registration set the password (and confirm). */
    async completeTemporaryRequest(
      input: TemporaryRequestBody,
    ): Promise<{ kind: TemporaryRequestKind; email: string }> {
      const request = await deps.repository.findTemporaryRequest(hashToken(input.token));
      if (!request || request.person.deletedAt) throw new AppError(ErrorCode.LINK_INVALID);
      if (input.kind && input.kind !== request.kind) throw new AppError(ErrorCode.LINK_WRONG_KIND);
      if (request.usedAt) throw new AppError(ErrorCode.LINK_USED);
      if (request.expiresAt.getTime() <= Date.now()) throw new AppError(ErrorCode.LINK_EXPIRED);
      const isPasswordExpected = request.kind !== 'activation';
      if (isPasswordExpected && !input.password) throw new AppError(ErrorCode.PASSWORD_REQUIRED);
      if (!isPasswordExpected && input.password) throw new AppError(ErrorCode.PASSWORD_NOT_EXPECTED);

      const passwordHash = input.password ? await hashPassword(input.password) : undefined;
      await deps.repository.transaction(async (repository) => {
        if (!(await repository.consumeTemporaryRequest(request.id))) throw new AppError(ErrorCode.LINK_USED);
        // Using a link proves control of the mailbox, so it confirms the account whatever its kind.
        await repository.updatePerson(request.person.id, {
          passwordHash,
          confirmedAt: request.person.confirmedAt ?? new Date(),
        });
        // A password reset from a mail link ends every session: someone else may have had the old one.
        if (passwordHash) await repository.revokeSessions(request.person.id);
        // An invitation's link (activation or registration) accepts the membership it was sent for.
        if (request.kind !== 'recovery') await repository.acceptPendingMembership(request.person.id);
      });
      return { kind: request.kind, email: request.person.email };
    },

    /** Changes the signed-in person's password and ends their other sessions. */
    async changePassword(
      personId: number,
      sessionId: string | null,
      input: { current: string; next: string },
    ) {
      const key = String(personId);
      const blockedFor = await deps.wrongCurrentPasswords.retryAfter(key);
      if (blockedFor > 0) throw tooManyRequests(blockedFor);
      const person = await deps.repository.findPersonById(personId);
      if (!person?.passwordHash) throw new AppError(ErrorCode.UNAUTHENTICATED);
      if (!(await verifyPassword(person.passwordHash, input.current))) {
        await deps.wrongCurrentPasswords.recordFailure(key);
        throw new AppError(ErrorCode.CURRENT_PASSWORD_WRONG);
      }
      await deps.wrongCurrentPasswords.reset(key);
      const passwordHash = await hashPassword(input.next);
      await deps.repository.transaction(async (repository) => {
        await repository.updatePerson(personId, { passwordHash });
        await repository.revokeSessions(personId, sessionId ?? undefined);
      });
    },

    /** Sends a fresh activation or registration mail to an unconfirmed person; the old link dies. */
    async resendConfirmation(actor: Account, personId: number): Promise<void> {
      const person = await deps.repository.findPersonById(personId);
      if (!person) throw new AppError(ErrorCode.NOT_FOUND);
      requireAccess(actor, 'users.resend', person);
      await deps.repository.transaction((repository) =>
        issueLink(repository, person, confirmationKind(person)),
      );
      deps.outbox.nudge();
    },

    /**
     * `resendConfirmation` of a bulk action's chunk (`run`: the action as the trail records it), each
     * person asked the same rule (`users.resend`): the people locked, the links and mails of the allowed
     * ones written by one statement each. A person this action already mailed (the chunk sent again) is
     * `unchanged`: one mail per person and action, however often its chunk arrives.
     */
    async resendConfirmations(
      actor: Account,
      personIds: number[],
      run: Pick<AuditContext, 'action' | 'requestId'>,
    ): Promise<Map<number, RowOutcome>> {
      const outcomes = notFoundOutcomes(personIds);
      const isMailed = await deps.repository.transaction(async (repository) => {
        const people = await repository.lockPeople(personIds);
        const mailed = await recordsActedOn(repository.db, 'user', personIds, run);
        const allowed = await sortByRule(people, outcomes, {
          isAsked: (person) => mailed.has(person.id),
          check: (person) => requireAccess(actor, 'users.resend', person),
        });
        await issueLinks(
          repository,
          allowed.map((person) => ({ person, kind: confirmationKind(person) })),
        );
        for (const person of allowed) outcomes.set(person.id, 'done');
        return allowed.length > 0;
      });
      if (isMailed) deps.outbox.nudge();
      return outcomes;
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
