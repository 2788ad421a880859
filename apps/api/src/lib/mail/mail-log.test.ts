import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { createJobRunner } from '../jobs/job-runner.ts';
import { MailOutbox } from './mail-outbox.ts';

const ADDRESS = 'pessoa.registrada@scentia.test';
const NAME = 'Pessoa Registrada';
const LINK = 'https://painel.scentia.test/auth/recuperar-senha?t=live-single-use-token';

let ctx: TestContext;
beforeAll(async () => {
  // No SMTP_URL: mails stay in the outbox and the log notes them. The app's own worker polls hourly,
  // so the mails below are delivered by the outboxes this test builds, whose log it reads.
  ctx = await createTestApp({ MAIL_POLL_SECONDS: '3600' });
  await ctx.jobSettled('mail-delivery');
});
afterAll(() => ctx.close());

/** An outbox like the server's, writing its log lines where the test can read them. */
function outboxLoggingTo(lines: string[], logsLinks: boolean) {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const log = pino({ level: 'info' }, stream);
  return new MailOutbox({
    db: ctx.db,
    logsLinks,
    from: 'Scentia <no-reply@scentia.test>',
    maxAttempts: 3,
    retryBaseMs: 10,
    pollMs: 3_600_000,
    jobs: createJobRunner(log),
    log,
  });
}

async function keptMail(logsLinks: boolean) {
  const lines: string[] = [];
  const outbox = outboxLoggingTo(lines, logsLinks);
  await outbox.enqueue(ctx.db, {
    kind: 'recovery',
    to: ADDRESS,
    toName: NAME,
    language: 'pt-BR',
    subject: 'Recuperação de senha',
    html: `<p>${NAME}</p><a href="${LINK}">${LINK}</a>`,
    text: `${NAME} ${LINK}`,
    link: LINK,
  });
  await outbox.deliverDue();
  const [row] = await ctx.query<{ id: number; status: string }>(
    sql`select id::int as id, status from mail_outbox order by id desc limit 1`,
  );
  return { row, log: lines.join('') };
}

describe('the log line of a mail kept without SMTP_URL', () => {
  it('holds the mail’s id and kind, never its address, name or link', async () => {
    const { row, log } = await keptMail(false);
    expect(row?.status).toBe('logged');
    const [line] = log
      .trim()
      .split('\n')
      .map((text) => JSON.parse(text));
    expect(line).toMatchObject({ kind: 'recovery', msg: expect.stringContaining('SMTP_URL') });
    // A bigint: PostgreSQL's driver answers it as text, PGlite's as a number.
    expect(String(line.mailId)).toBe(String(row?.id));
    expect(log).not.toContain(ADDRESS);
    expect(log).not.toContain(NAME);
    expect(log).not.toContain('live-single-use-token');
  });

  it('holds the link in development only, still without the address', async () => {
    const { log } = await keptMail(true);
    expect(log).toContain(LINK);
    expect(log).not.toContain(ADDRESS);
  });
});
