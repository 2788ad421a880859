import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type CaughtMail = ParsedMail & { envelopeTo: string[] };

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives. `failNext(n)` makes it refuse the next
 * n messages with a temporary error, as a busy server would.
 */
export async function startSmtpCatcher() {
  const mails: CaughtMail[] = [];
  let refusals = 0;
  const waiters: (() => void)[] = [];

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      if (refusals > 0) {
        refusals -= 1;
        stream.resume();
        stream.on('end', () => {
          const error = Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 });
          callback(error);
        });
        return;
      }
      simpleParser(stream)
        .then((parsed) => {
          mails.push(Object.assign(parsed, { envelopeTo: session.envelope.rcptTo.map((to) => to.address) }));
          for (const wake of waiters.splice(0)) wake();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    failNext: (count: number) => {
      refusals = count;
    },
    /** Waits until `count` mails have arrived in total. */
    async waitForMails(count: number, timeoutMs = 10_000): Promise<CaughtMail[]> {
      const deadline = Date.now() + timeoutMs;
      while (mails.length < count) {
        if (Date.now() > deadline) throw new Error(`Expected ${count} mails, got ${mails.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return mails;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The link a mail carries (its plain-text version), and the token in it. */
export function linkOf(mail: ParsedMail): { url: URL; token: string } {
  const match = /(https?:\/\/\S+\?t=[\w-]+)/.exec(mail.text ?? '');
  if (!match?.[1]) throw new Error('No link in mail');
  const url = new URL(match[1]);
  return { url, token: url.searchParams.get('t') ?? '' };
}
