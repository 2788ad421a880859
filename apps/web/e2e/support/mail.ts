import { type APIRequestContext, expect } from '@playwright/test';

/** The HTTP side of e2e/support/mail-catcher.mjs (see playwright.config.ts). */
const MAIL_CATCHER_URL = 'http://127.0.0.1:2598';

export type CaughtMail = { to: string; subject: string; text: string; html: string; receivedAt: string };

export type MailLinkPath = '/auth/ativar-conta' | '/auth/recuperar-senha' | '/auth/cadastrar-senha';

/** Every mail delivered to `address` so far, oldest first. */
export async function mailsTo(request: APIRequestContext, address: string): Promise<CaughtMail[]> {
  const response = await request.get(`${MAIL_CATCHER_URL}/mails`, { params: { to: address } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as CaughtMail[];
}

/**
 * Waits for a mail to `address` beyond the `after` first ones (the API delivers in the background,
 * within a second or so) and returns the newest.
 */
export async function waitForMail(
  request: APIRequestContext,
  address: string,
  after = 0,
): Promise<CaughtMail> {
  let mails: CaughtMail[] = [];
  await expect
    .poll(
      async () => {
        mails = await mailsTo(request, address);
        return mails.length;
      },
      { message: `a mail to ${address}`, timeout: 15_000 },
    )
    .toBeGreaterThan(after);
  return mails[mails.length - 1] as CaughtMail;
}

/** The link of the mail's text part that opens `path` (with its token t). */
export function linkIn(mail: CaughtMail, path: MailLinkPath): string {
  const escaped = path.replaceAll('/', '\\/');
  const match = mail.text.match(new RegExp(`https?://[^\\s/]+${escaped}\\?t=[A-Za-z0-9_-]+`));
  expect(match, `a ${path} link in "${mail.subject}"`).not.toBeNull();
  return match?.[0] ?? '';
}

export function tokenOf(link: string): string {
  return new URL(link).searchParams.get('t') ?? '';
}
