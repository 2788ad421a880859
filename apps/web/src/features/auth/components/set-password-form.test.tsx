// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../../../test/i18n-for-tests.ts';
import { SetPasswordForm } from './set-password-form.tsx';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(cleanup);

function renderForm(serverPasswordError?: string) {
  const onSubmit = vi.fn();
  const view = render(
    <I18nextProvider i18n={i18n}>
      <SetPasswordForm submitLabel="Salvar nova senha" isPending={false} onSubmit={onSubmit} />
    </I18nextProvider>,
  );
  const rerenderWith = (error: string | undefined) =>
    view.rerender(
      <I18nextProvider i18n={i18n}>
        <SetPasswordForm
          submitLabel="Salvar nova senha"
          isPending={false}
          onSubmit={onSubmit}
          serverPasswordError={error}
        />
      </I18nextProvider>,
    );
  if (serverPasswordError) rerenderWith(serverPasswordError);
  return { onSubmit, rerenderWith };
}

const password = () => screen.getByLabelText('Nova senha');
const confirmation = () => screen.getByLabelText('Confirme a nova senha');
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
const hint = (name: string) => screen.getByText(name).closest('li');

describe('SetPasswordForm', () => {
  it("refuses an empty form with the 'empty' errors and focuses the password", () => {
    const { onSubmit } = renderForm();
    submit();
    expect(screen.getByText('Informe a nova senha')).toBeTruthy();
    expect(screen.getByText('Repita a senha para confirmar')).toBeTruthy();
    expect(document.activeElement).toBe(password());
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("shows 'requirement' for a password outside the rule and 'different' for a mismatch", () => {
    const { onSubmit } = renderForm();
    fireEvent.change(password(), { target: { value: 'abc' } });
    fireEvent.change(confirmation(), { target: { value: 'abd' } });
    submit();
    expect(screen.getByText('A senha deve ter de 4 a 16 caracteres')).toBeTruthy();
    expect(screen.getByText('As senhas não coincidem')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('ticks the hints as the password is typed, and they never block', () => {
    const { onSubmit } = renderForm();
    expect(hint('Números')?.getAttribute('data-met')).toBe('false');
    fireEvent.change(password(), { target: { value: 'abcd1' } });
    expect(hint('Números')?.getAttribute('data-met')).toBe('true');
    expect(hint('Letras maiúsculas e minúsculas')?.getAttribute('data-met')).toBe('false');
    fireEvent.change(password(), { target: { value: 'Abcd1' } });
    expect(hint('Letras maiúsculas e minúsculas')?.getAttribute('data-met')).toBe('true');
    expect(hint('Mais de 8 caracteres')?.getAttribute('data-met')).toBe('false');
    expect(hint('Caracteres especiais')?.getAttribute('data-met')).toBe('false');
    expect(password().getAttribute('aria-describedby')).toBe(hint('Números')?.closest('div')?.id);

    fireEvent.change(confirmation(), { target: { value: 'Abcd1' } });
    submit();
    expect(onSubmit).toHaveBeenCalledWith('Abcd1');
  });

  it("shows the server's message for the password it judged, until the password changes", () => {
    const { rerenderWith } = renderForm();
    fireEvent.change(password(), { target: { value: 'Abcd1' } });
    fireEvent.change(confirmation(), { target: { value: 'Abcd1' } });
    submit();
    rerenderWith('Senha recusada pelo servidor');
    expect(screen.getByText('Senha recusada pelo servidor')).toBeTruthy();
    fireEvent.change(password(), { target: { value: 'Abcd12' } });
    expect(screen.queryByText('Senha recusada pelo servidor')).toBeNull();
  });
});
