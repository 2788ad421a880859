// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Input, InputNumber, Select } from 'antd';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestI18n } from '../test/i18n-for-tests.ts';
import { useAntdLabels } from './antd-labels.ts';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
  i18n.addResourceBundle('es-ES', 'common', { antdLabels: { clear: 'Borrar', increase: 'Aumentar valor' } });
});
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('pt-BR');
});

function Labelled() {
  const { t, i18n: instance } = useTranslation();
  useAntdLabels(t, instance.language);
  return (
    <>
      <InputNumber aria-label="Segundos" />
      <Input aria-label="Busca" allowClear defaultValue="lav" />
      <Select aria-label="País" allowClear defaultValue="BR" options={[{ value: 'BR', label: 'Brasil' }]} />
    </>
  );
}

describe('useAntdLabels', () => {
  it("labels antd's steppers and clear buttons in the page's language, and follows its changes", async () => {
    render(
      <I18nextProvider i18n={i18n}>
        <Labelled />
      </I18nextProvider>,
    );
    await screen.findByText('Brasil');
    await act(async () => undefined);
    expect(document.querySelector('[aria-label="Increase Value"], [aria-label="Clear"]')).toBeNull();
    expect(document.querySelectorAll('[aria-label="Aumentar valor"]')).toHaveLength(1);
    expect(document.querySelectorAll('[aria-label="Diminuir valor"]')).toHaveLength(1);
    // The input's clear button and the select's.
    expect(document.querySelectorAll('[aria-label="Limpar"]')).toHaveLength(2);

    await act(async () => {
      await i18n.changeLanguage('es-ES');
    });
    expect(document.querySelectorAll('[aria-label="Borrar"]')).toHaveLength(2);
    expect(document.querySelectorAll('[aria-label="Aumentar valor"]')).toHaveLength(1);
  });
});
