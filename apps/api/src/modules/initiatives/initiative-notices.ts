import type { Language } from '@scentia/shared/locales';
import { escapeHtml, mailFrame } from '../../lib/mail/render-mail.ts';

type Decision = 'approved' | 'rejected';

/** The texts of the mails a review or a client's change sends, in the recipient's language. */
const TEXTS: Record<
  Language,
  {
    footer: string;
    decision: Record<Decision, { subject: string; body: string }>;
    note: string;
    changed: { subject: string; body: string };
    proposed: { subject: string; body: string; open: string };
  }
> = {
  'pt-BR': {
    footer: 'Scentia — marketing olfativo.',
    decision: {
      approved: {
        subject: 'Iniciativa aprovada: {{title}}',
        body: 'Sua iniciativa “{{title}}” foi aprovada e está agendada de {{from}} a {{to}}.',
      },
      rejected: {
        subject: 'Iniciativa reprovada: {{title}}',
        body: 'Sua iniciativa “{{title}}” foi reprovada.',
      },
    },
    note: 'Observação da Scentia:',
    changed: {
      subject: 'Iniciativa alterada pelo cliente: {{title}}',
      body: 'O cliente alterou a iniciativa “{{title}}” depois do seu pedido de alterações; ela voltou para Em Análise.',
    },
    proposed: {
      subject: 'Nova iniciativa proposta por {{organization}}: {{title}}',
      body: '{{organization}} propôs a iniciativa “{{title}}”, de {{from}} a {{to}}. Ela aguarda a sua análise.',
      open: 'Abrir a iniciativa',
    },
  },
  'en-US': {
    footer: 'Scentia — scent marketing.',
    decision: {
      approved: {
        subject: 'Initiative approved: {{title}}',
        body: 'Your initiative “{{title}}” was approved and is scheduled from {{from}} to {{to}}.',
      },
      rejected: {
        subject: 'Initiative rejected: {{title}}',
        body: 'Your initiative “{{title}}” was rejected.',
      },
    },
    note: 'Note from Scentia:',
    changed: {
      subject: 'Initiative changed by the client: {{title}}',
      body: 'The client changed the initiative “{{title}}” after your request for changes; it is back in review.',
    },
    proposed: {
      subject: 'New initiative proposed by {{organization}}: {{title}}',
      body: '{{organization}} proposed the initiative “{{title}}”, from {{from}} to {{to}}. It awaits your review.',
      open: 'Open the initiative',
    },
  },
  'es-ES': {
    footer: 'Scentia — marketing olfativo.',
    decision: {
      approved: {
        subject: 'Iniciativa aprobada: {{title}}',
        body: 'Su iniciativa «{{title}}» fue aprobada y está programada del {{from}} al {{to}}.',
      },
      rejected: {
        subject: 'Iniciativa rechazada: {{title}}',
        body: 'Su iniciativa «{{title}}» fue rechazada.',
      },
    },
    note: 'Observación de Scentia:',
    changed: {
      subject: 'Iniciativa modificada por el cliente: {{title}}',
      body: 'El cliente modificó la iniciativa «{{title}}» después de su solicitud de cambios; volvió a En análisis.',
    },
    proposed: {
      subject: 'Nueva iniciativa propuesta por {{organization}}: {{title}}',
      body: '{{organization}} propuso la iniciativa «{{title}}», del {{from}} al {{to}}. Espera su análisis.',
      open: 'Abrir la iniciativa',
    },
  },
};

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');

/** A mail from plain paragraphs: each escaped, so no part of it is read as HTML; a link last. */
function fromParagraphs(
  language: Language,
  subject: string,
  paragraphs: string[],
  link?: { label: string; url: string },
) {
  const linkHtml = link ? [`<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`] : [];
  const inner = [...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`), ...linkHtml].join('\n');
  const linkText = link ? [`${link.label}: ${link.url}`] : [];
  return {
    subject,
    /** The message alone (kept on the initiative), without the brand's frame. */
    message: inner,
    html: mailFrame({ language, title: subject, footer: TEXTS[language].footer, body: inner }),
    text: [...paragraphs, ...linkText, '', '--', TEXTS[language].footer].join('\n\n'),
  };
}

/** Told to a client who proposed an initiative: approved (with its dates) or rejected, and the note. */
export function renderDecisionMail(input: {
  language: Language;
  decision: Decision;
  title: string;
  startsOn: string;
  endsOn: string;
  note: string | null;
}) {
  const texts = TEXTS[input.language];
  const values = { title: input.title, from: input.startsOn, to: input.endsOn };
  const paragraphs = [fill(texts.decision[input.decision].body, values)];
  if (input.note) paragraphs.push(texts.note, input.note);
  return fromParagraphs(input.language, fill(texts.decision[input.decision].subject, values), paragraphs);
}

/** Told to the reviewer who asked for changes: the client changed the proposal, back in review. */
export function renderChangedMail(input: { language: Language; title: string }) {
  const texts = TEXTS[input.language].changed;
  return fromParagraphs(input.language, fill(texts.subject, input), [fill(texts.body, input)]);
}

/** Told to the reviewers: a client proposed an initiative, with a link to its staff page. */
export function renderProposedMail(input: {
  language: Language;
  title: string;
  organization: string;
  startsOn: string;
  endsOn: string;
  link: string;
}) {
  const texts = TEXTS[input.language].proposed;
  const values = { ...input, from: input.startsOn, to: input.endsOn };
  return fromParagraphs(input.language, fill(texts.subject, values), [fill(texts.body, values)], {
    label: texts.open,
    url: input.link,
  });
}
