import type { Language } from '@scentia/shared/locales';
import { describeDuration, type MailKind, mailTexts } from './mail-texts.ts';

export type RenderedMail = { subject: string; html: string; text: string };

export const BRAND_ORANGE = '#D9480F';

/** Text made safe inside HTML and its attributes. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Control characters never reach a mail, whatever a name contains. */
export function withoutControlCharacters(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  return value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');
}

/**
 * The brand's HTML frame every mail shares: the page, the orange band with the name, the white card
 * holding `body` (HTML the caller has escaped or sanitised) and the footer line.
 */
export function mailFrame(input: {
  language: Language;
  title: string;
  body: string;
  footer: string;
}): string {
  return `<!doctype html>
<html lang="${input.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(input.title)}</title></head>
<body style="margin:0;padding:0;background:#f6f3ef;font-family:Arial,Helvetica,sans-serif;color:#2b2b2b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f6f3ef;padding:32px 12px">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:${BRAND_ORANGE};padding:24px 32px;color:#ffffff;font-size:24px;font-weight:bold;letter-spacing:1px">Scentia</td></tr>
<tr><td style="padding:32px">
${input.body}
</td></tr>
<tr><td style="padding:16px 32px;background:#fbf8f5;font-size:12px;color:#777777">${escapeHtml(input.footer)}</td></tr>
</table></td></tr></table></body></html>`;
}

/** A branded HTML mail with its plain-text twin, in the recipient's language. */
export function renderActionMail(input: {
  kind: MailKind;
  language: Language;
  name: string;
  link: string;
  expiresInSeconds: number;
  /** The organisation an invitation is into. */
  organization?: string;
}): RenderedMail {
  const catalog = mailTexts[input.language];
  const texts = catalog[input.kind];
  const name = withoutControlCharacters(input.name);
  const values = {
    name,
    expiry: describeDuration(input.language, input.expiresInSeconds),
    organization: withoutControlCharacters(input.organization ?? ''),
  };
  const subject = fill(texts.subject, values);
  const intro = fill(texts.intro, values);
  const greeting = fill(catalog.greeting, values);
  const expiry = fill(texts.expiry, values);
  const link = escapeHtml(input.link);

  const html = mailFrame({
    language: input.language,
    title: subject,
    footer: catalog.footer,
    body: `<h1 style="margin:0 0 16px;font-size:22px;color:#2b2b2b">${escapeHtml(texts.heading)}</h1>
<p style="margin:0 0 12px;font-size:16px">${escapeHtml(greeting)}</p>
<p style="margin:0 0 24px;font-size:16px;line-height:1.5">${escapeHtml(intro)}</p>
<p style="margin:0 0 24px"><a href="${link}" style="display:inline-block;background:${BRAND_ORANGE};color:#ffffff;text-decoration:none;padding:14px 28px;border-radius:8px;font-weight:bold;font-size:16px">${escapeHtml(texts.action)}</a></p>
<p style="margin:0 0 8px;font-size:14px;color:#555555">${escapeHtml(expiry)}</p>
<p style="margin:0 0 24px;font-size:14px;color:#555555">${escapeHtml(texts.ignore)}</p>
<p style="margin:0;font-size:12px;color:#777777">${escapeHtml(catalog.linkHelp)}<br><a href="${link}" style="color:${BRAND_ORANGE};word-break:break-all">${link}</a></p>`,
  });

  const text = [
    texts.heading,
    '',
    greeting,
    '',
    intro,
    '',
    `${texts.action}: ${input.link}`,
    '',
    expiry,
    texts.ignore,
    '',
    '--',
    catalog.footer,
  ].join('\n');

  return { subject, html, text };
}
