import type { Language } from '@scentia/shared/locales';
import { escapeHtml, mailFrame } from '../../lib/mail/render-mail.ts';
import { richTextToPlainText } from '../../lib/rich-text.ts';

/** The frame around a reviewer's message, in the recipient's language; the message is theirs. */
const FRAME: Record<Language, { heading: string; about: string; footer: string }> = {
  'pt-BR': {
    heading: 'Sua iniciativa precisa de alterações',
    about: 'Sobre a iniciativa “{{title}}”:',
    footer: 'Scentia — marketing olfativo. Responda a quem lhe escreveu para combinar as alterações.',
  },
  'en-US': {
    heading: 'Your initiative needs changes',
    about: 'About the initiative “{{title}}”:',
    footer: 'Scentia — scent marketing. Reply to the person who wrote to you to agree on the changes.',
  },
  'es-ES': {
    heading: 'Su iniciativa necesita cambios',
    about: 'Sobre la iniciativa «{{title}}»:',
    footer: 'Scentia — marketing olfativo. Responda a quien le escribió para acordar los cambios.',
  },
};

/**
 * The request-changes mail: the reviewer's subject and sanitised message inside the brand's frame, in
 * the recipient's language, with its plain-text twin. `html` must already be sanitised.
 */
export function renderChangesMail(input: {
  language: Language;
  title: string;
  subject: string;
  html: string;
}) {
  const frame = FRAME[input.language];
  const about = frame.about.replace('{{title}}', input.title);
  const html = mailFrame({
    language: input.language,
    title: input.subject,
    footer: frame.footer,
    body: `<div style="font-size:16px;line-height:1.5">
<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(frame.heading)}</h1>
<p style="margin:0 0 16px;color:#555555">${escapeHtml(about)}</p>
${input.html}
</div>`,
  });
  const text = [frame.heading, '', about, '', richTextToPlainText(input.html), '', '--', frame.footer].join(
    '\n',
  );
  return { subject: input.subject, html, text };
}
