import type { TFunction } from 'i18next';

/** What the policy says about a client's contact person, in this order (docs/decisions/organisations.md). */
const PARAGRAPHS = ['kept', 'purpose', 'period', 'erasure'] as const;

type ContactPersonsProps = {
  /** The translator of the `privacy` namespace in the language these paragraphs are written in. */
  t: TFunction;
  language: string;
};

/**
 * A client company's contact person, who is not an account: what is kept about them, why, for how long,
 * and how and by whom it is erased. One text in the `privacy` namespace, read in Portuguese inside the
 * policy and, for readers of another language, in theirs above it.
 */
export function ContactPersons({ t, language }: ContactPersonsProps) {
  return (
    <div className="contact-persons" lang={language}>
      {PARAGRAPHS.map((paragraph) => (
        <p key={paragraph}>{t(`contacts.${paragraph}`)}</p>
      ))}
    </div>
  );
}
