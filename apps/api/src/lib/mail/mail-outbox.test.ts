import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkOf, startSmtpCatcher } from '../../../test/smtp-catcher.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let ctx: TestContext;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  ctx = await createTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Scentia <no-reply@scentia.test>',
    APP_URL: 'https://painel.scentia.test',
    MAIL_RETRY_BASE_SECONDS: '0.05',
    MAIL_MAX_ATTEMPTS: '3',
  });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

/** Asks for a recovery mail and waits for it to be queued (the answer does not wait for it). */
async function recover(email: string) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/usuario/recuperar-senha',
    payload: { email },
    remoteAddress: `10.20.${Math.floor(Math.random() * 250)}.1`,
  });
  await ctx.afterAnswersSettled();
  return response;
}

async function setLanguage(id: number, language: string) {
  await ctx.query(sql`update users set language = ${language} where id = ${id}`);
}

describe('mail delivery over SMTP', () => {
  it.each([
    ['pt-BR', 'Recuperação de senha Scentia', 'Criar nova senha'],
    ['en-US', 'Scentia password recovery', 'Create a new password'],
    ['es-ES', 'Recuperación de contraseña Scentia', 'Crear una nueva contraseña'],
  ])(
    'sends the recovery mail in the recipient language (%s), HTML and text, with the link',
    async (language, subject, action) => {
      const account = await ctx.createAccount({ name: 'Ana Souza' });
      await setLanguage(account.id, language);
      const before = smtp.mails.length;
      expect((await recover(account.email)).statusCode).toBe(204);
      const [mail] = (await smtp.waitForMails(before + 1)).slice(before);
      expect(mail?.subject).toBe(subject);
      expect(mail?.envelopeTo).toEqual([account.email]);
      expect(mail?.from?.value).toEqual([{ name: 'Scentia', address: 'no-reply@scentia.test' }]);
      expect(mail?.text).toContain(action);
      expect(mail?.html).toContain('Scentia');
      expect(mail?.html).toContain(`lang="${language}"`);
      const { url, token } = linkOf(mail as never);
      expect(url.origin + url.pathname).toBe('https://painel.scentia.test/auth/recuperar-senha');
      expect(token).toMatch(/^[\w-]{43}$/); // 256 random bits
    },
  );

  it('erases the single-use link from the outbox once delivered', async () => {
    const account = await ctx.createAccount();
    const before = smtp.mails.length;
    await recover(account.email);
    await smtp.waitForMails(before + 1);
    await ctx.app.mailOutbox.idle();
    const [row] = await ctx.query<{ status: string; html: string | null; link: string | null }>(
      sql`select status, html, link from mail_outbox where to_address = ${account.email}`,
    );
    expect(row).toEqual({ status: 'sent', html: null, link: null });
  });

  it('retries a refused mail with back-off until the server takes it', async () => {
    const account = await ctx.createAccount();
    smtp.failNext(2);
    const before = smtp.mails.length;
    expect((await recover(account.email)).statusCode).toBe(204);
    // The request does not wait for delivery: the server refuses the first two attempts.
    expect(smtp.mails.length).toBe(before);
    // Due mails are picked up by the poller too; nudge to keep the test short.
    const poke = setInterval(() => ctx.app.mailOutbox.nudge(), 50);
    try {
      await smtp.waitForMails(before + 1);
    } finally {
      clearInterval(poke);
    }
    await ctx.app.mailOutbox.idle();
    const [row] = await ctx.query<{ status: string; attempts: number }>(
      sql`select status, attempts from mail_outbox where to_address = ${account.email}`,
    );
    expect(row).toEqual({ status: 'sent', attempts: 3 });
  });

  it('gives up after the last attempt and keeps the failure visible', async () => {
    const account = await ctx.createAccount();
    smtp.failNext(10);
    await recover(account.email);
    const deadline = Date.now() + 10_000;
    let status = 'pending';
    while (status === 'pending' && Date.now() < deadline) {
      ctx.app.mailOutbox.nudge();
      await new Promise((resolve) => setTimeout(resolve, 60));
      const [row] = await ctx.query<{ status: string }>(
        sql`select status from mail_outbox where to_address = ${account.email}`,
      );
      status = row?.status ?? 'missing';
    }
    smtp.failNext(0);
    const [row] = await ctx.query<{ status: string; attempts: number; last_error: string }>(
      sql`select status, attempts, last_error from mail_outbox where to_address = ${account.email}`,
    );
    expect(row).toMatchObject({ status: 'failed', attempts: 3, last_error: expect.stringContaining('busy') });
  });

  it('puts no CR or LF from a name into a mail header', async () => {
    const account = await ctx.createAccount({ name: 'Eva\r\nBcc: intruso@example.com' });
    const before = smtp.mails.length;
    await recover(account.email);
    const [mail] = (await smtp.waitForMails(before + 1)).slice(before);
    expect(mail?.envelopeTo).toEqual([account.email]);
    expect(mail?.bcc).toBeUndefined();
    expect(mail?.headers.get('bcc')).toBeUndefined();
  });
});
