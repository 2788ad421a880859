// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error.ts';
import { createTestI18n } from '../../test/i18n-for-tests.ts';
import { stubWideScreen } from '../../test/wide-screen.ts';
import { FormPageState } from './form-page-state.tsx';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
  stubWideScreen();
});
afterEach(cleanup);

const failed = (error: unknown) => ({ isError: true, error, refetch: () => undefined });

function renderState(namespace: string, props: Partial<Parameters<typeof FormPageState>[0]>) {
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <FormPageState t={i18n.getFixedT('pt-BR', namespace)} title="Editar" listPath="/admin/x" {...props} />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe('FormPageState', () => {
  it('says why a record is out of reach and leads back to the list', () => {
    renderState('users', { forbiddenText: 'Você só pode editar o seu próprio cadastro.' });
    expect(screen.getByText('Você só pode editar o seu próprio cadastro.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voltar para a lista' }).getAttribute('href')).toBe('/admin/x');
  });

  it("shows the feature's not-found text for a 404, before anything else", () => {
    renderState('users', {
      query: failed(new ApiError({ status: 404, code: 'NOT_FOUND' })),
      forbiddenText: 'Você só pode editar o seu próprio cadastro.',
    });
    expect(screen.getByText('Usuário não encontrado')).toBeTruthy();
    expect(screen.queryByText('Você só pode editar o seu próprio cadastro.')).toBeNull();
  });

  it("uses the feature's own load-error text when it has one, the common one otherwise", () => {
    const error = new ApiError({ status: 500, code: 'INTERNAL' });
    renderState('categories', { query: failed(error) });
    expect(screen.getByText('Ocorreu um algum erro ao carregar a categoria.')).toBeTruthy();
    cleanup();
    renderState('fragrances', { query: failed(error) });
    expect(screen.getByText(i18n.t('common:form.loadError'))).toBeTruthy();
    expect(screen.getByRole('button', { name: i18n.t('common:actions.retry') })).toBeTruthy();
  });
});
