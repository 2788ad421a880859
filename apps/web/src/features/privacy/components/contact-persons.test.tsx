// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import enPrivacy from '../../../locales/en-US/privacy.json';
import esPrivacy from '../../../locales/es-ES/privacy.json';
import { createTestI18n } from '../../../test/i18n-for-tests.ts';
import { ContactPersons } from './contact-persons.tsx';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
  i18n.addResourceBundle('en-US', 'privacy', enPrivacy);
  i18n.addResourceBundle('es-ES', 'privacy', esPrivacy);
});
afterEach(cleanup);

/** What the page must say in each language (docs/decisions/organisations.md, "A client's contact person"). */
const SAID: Record<string, RegExp[]> = {
  'pt-BR': [
    /nome, o e-mail e o telefone/,
    /relação comercial/,
    /enquanto o cadastro/,
    /um administrador apaga/,
  ],
  'en-US': [
    /name, e-mail address and phone/,
    /business relation/,
    /while the company's record/,
    /an administrator erases/,
  ],
  'es-ES': [
    /nombre, el correo electrónico y el teléfono/,
    /relación comercial/,
    /mientras exista/,
    /un administrador borra/,
  ],
};

describe('ContactPersons', () => {
  it.each(Object.keys(SAID))(
    'says in %s what is kept, why, how long, and who erases it and how',
    (language) => {
      render(<ContactPersons t={i18n.getFixedT(language, 'privacy')} language={language} />);
      const paragraphs = [...document.querySelectorAll('p')].map((paragraph) => paragraph.textContent ?? '');
      expect(paragraphs).toHaveLength(4);
      SAID[language]?.forEach((said, index) => {
        expect(paragraphs[index]).toMatch(said);
      });
      expect(document.querySelector('.contact-persons')?.getAttribute('lang')).toBe(language);
    },
  );
});
