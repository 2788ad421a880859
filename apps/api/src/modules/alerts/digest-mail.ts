import type { Alert } from '@scentia/shared/alerts.schemas';
import { formatMacAddress } from '@scentia/shared/devices.schemas';
import type { Language } from '@scentia/shared/locales';
import { digestTexts, mailTexts } from '../../lib/mail/mail-texts.ts';
import {
  BRAND_ORANGE,
  escapeHtml,
  mailFrame,
  type RenderedMail,
  withoutControlCharacters,
} from '../../lib/mail/render-mail.ts';

const CRITICAL_RED = '#C92A2A';

function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ''));
}

/** A `YYYY-MM-DD` day as the language writes it, read as a calendar day (no zone shift). */
function formatDay(language: Language, day: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/**
 * An instant on the location's clock, its zone named: the reader may be in São Paulo and the device in
 * Tokyo, and a time without its zone would read as the reader's own.
 */
function formatInstant(language: Language, at: string, timeZone: string): string {
  const time = new Intl.DateTimeFormat(language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(new Date(at));
  return `${time} (${timeZone})`;
}

type DigestLine = {
  severity: string;
  title: string;
  subject: string;
  facts: string[];
  todo: string;
  link: string;
};

function lineOf(alert: Alert, language: Language, deviceLink: (deviceId: number) => string): DigestLine {
  const texts = digestTexts[language];
  const clean = withoutControlCharacters;
  const capsule =
    alert.slot === null
      ? []
      : [
          `${fill(texts.slot, { slot: alert.slot })}${alert.fragrance ? ` (${clean(alert.fragrance.name)})` : ''}`,
        ];
  const facts: string[] = [];
  if (alert.kind === 'capsuleEmpty') facts.push(texts.empty);
  if (alert.kind === 'capsuleRunningOut')
    facts.push(
      alert.runsOutOn
        ? fill(texts.runsOutOn, { date: formatDay(language, alert.runsOutOn) })
        : texts.lowLevel,
    );
  if (alert.kind === 'capsulePastDue' && alert.dueDate)
    facts.push(fill(texts.dueDate, { date: formatDay(language, alert.dueDate) }));
  if (alert.kind === 'deviceOffline')
    facts.push(
      alert.lastSeenAt
        ? fill(texts.lastSeenAt, { date: formatInstant(language, alert.lastSeenAt, alert.location.timeZone) })
        : texts.neverSeen,
    );
  facts.push(alert.canKeepRunning ? texts.keepsRunning : texts.stops);
  return {
    severity: alert.severity === 'critical' ? texts.critical : texts.warning,
    title: texts.kinds[alert.kind].title,
    subject: [
      formatMacAddress(alert.device.macAddress),
      ...capsule,
      clean(alert.location.name),
      clean(alert.organization.name),
    ].join(' · '),
    facts,
    todo: texts.kinds[alert.kind].todo,
    link: deviceLink(alert.device.deviceId),
  };
}

/**
 * The daily digest: the open alerts listed (most urgent first), each with the device, slot and
 * fragrance, location and organisation it concerns, what to do, and a link to the device's page; a
 * count of those left out; the way to turn the digest off. HTML with its plain-text twin.
 */
export function renderDigestMail(input: {
  language: Language;
  name: string;
  alerts: Alert[];
  total: number;
  deviceLink: (deviceId: number) => string;
}): RenderedMail {
  const { language } = input;
  const texts = digestTexts[language];
  const catalog = mailTexts[language];
  const greeting = fill(catalog.greeting, { name: withoutControlCharacters(input.name) });
  const subject = fill(texts.subject, { count: input.total });
  const lines = input.alerts.map((alert) => lineOf(alert, language, input.deviceLink));
  const more = input.total > lines.length ? fill(texts.more, { count: input.total - lines.length }) : '';

  const items = lines
    .map(
      (line, index) => `<tr><td style="padding:12px 0;border-top:1px solid #eeeeee">
<p style="margin:0 0 4px;font-size:15px"><strong style="color:${input.alerts[index]?.severity === 'critical' ? CRITICAL_RED : BRAND_ORANGE}">${escapeHtml(line.severity)}</strong> — <strong>${escapeHtml(line.title)}</strong></p>
<p style="margin:0 0 4px;font-size:14px">${escapeHtml(line.subject)}</p>
<p style="margin:0 0 4px;font-size:14px;color:#555555">${line.facts.map(escapeHtml).join('<br>')}</p>
<p style="margin:0 0 4px;font-size:14px">${escapeHtml(line.todo)}</p>
<p style="margin:0;font-size:14px"><a href="${escapeHtml(line.link)}" style="color:${BRAND_ORANGE}">${escapeHtml(texts.open)}</a></p>
</td></tr>`,
    )
    .join('\n');

  const html = mailFrame({
    language,
    title: subject,
    footer: catalog.footer,
    body: `<h1 style="margin:0 0 16px;font-size:22px;color:#2b2b2b">${escapeHtml(texts.heading)}</h1>
<p style="margin:0 0 12px;font-size:16px">${escapeHtml(greeting)}</p>
<p style="margin:0 0 16px;font-size:16px;line-height:1.5">${escapeHtml(texts.intro)}</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0">
${items}
</table>
${more ? `<p style="margin:16px 0 0;font-size:14px">${escapeHtml(more)}</p>` : ''}
<p style="margin:24px 0 0;font-size:12px;color:#777777">${escapeHtml(texts.settings)}</p>`,
  });

  const text = [
    texts.heading,
    '',
    greeting,
    '',
    texts.intro,
    ...lines.flatMap((line) => [
      '',
      `[${line.severity}] ${line.title}`,
      line.subject,
      ...line.facts,
      line.todo,
      `${texts.open}: ${line.link}`,
    ]),
    ...(more ? ['', more] : []),
    '',
    texts.settings,
    '',
    '--',
    catalog.footer,
  ].join('\n');

  return { subject, html, text };
}
