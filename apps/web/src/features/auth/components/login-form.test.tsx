// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../../../test/i18n-for-tests.ts';
import { LoginForm } from './login-form.tsx';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(cleanup);

function renderForm(isPending = false, onForgotPassword = vi.fn(), initialEmail?: string) {
  const onSubmit = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <LoginForm
          isPending={isPending}
          onSubmit={onSubmit}
          onForgotPassword={onForgotPassword}
          initialEmail={initialEmail}
        />
      </MemoryRouter>
    </I18nextProvider>,
  );
  return onSubmit;
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));

describe('LoginForm', () => {
  it('refuses an empty form with the required and terms messages, focusing the first field', () => {
    const onSubmit = renderForm();
    submit();
    expect(screen.getAllByText('Campo obrigatório')).toHaveLength(2);
    expect(screen.getByText('É necessário aceitar os termos para continuar')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('E-mail'));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a malformed e-mail', () => {
    const onSubmit = renderForm();
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ana@' } });
    fireEvent.change(screen.getByLabelText('Senha'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('checkbox'));
    submit();
    expect(screen.getByText('Informe um e-mail válido')).toBeTruthy();
    expect(screen.getByLabelText('E-mail').getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses the form while the terms are not accepted', () => {
    const onSubmit = renderForm();
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ana@scentia.test' } });
    fireEvent.change(screen.getByLabelText('Senha'), { target: { value: 'secret' } });
    submit();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByRole('checkbox'));
  });

  it('submits the trimmed e-mail and the password as typed', () => {
    const onSubmit = renderForm();
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: '  ana@scentia.test ' } });
    fireEvent.change(screen.getByLabelText('Senha'), { target: { value: ' secret ' } });
    fireEvent.click(screen.getByRole('checkbox'));
    submit();
    expect(onSubmit).toHaveBeenCalledWith({ email: 'ana@scentia.test', password: ' secret ' });
  });

  it('links to the privacy policy', () => {
    renderForm();
    expect(screen.getByRole('link', { name: 'política de privacidade' }).getAttribute('href')).toBe(
      '/privacy-policy',
    );
  });

  it('asks for the forgot-password dialog with the e-mail typed so far, without submitting', () => {
    const onForgotPassword = vi.fn();
    const onSubmit = renderForm(false, onForgotPassword);
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: ' ana@scentia.test ' } });
    const button = screen.getByRole('button', { name: 'Esqueci minha senha' });
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    fireEvent.click(button);
    expect(onForgotPassword).toHaveBeenCalledWith('ana@scentia.test');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('starts with the e-mail handed over by the page that led here', () => {
    renderForm(false, vi.fn(), 'bia@scentia.test');
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe('bia@scentia.test');
  });

  it('the password can be revealed and hidden again', () => {
    renderForm();
    const password = screen.getByLabelText('Senha');
    expect(password.getAttribute('type')).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar senha' }));
    expect(password.getAttribute('type')).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Ocultar senha' }));
    expect(password.getAttribute('type')).toBe('password');
  });
});
