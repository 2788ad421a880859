// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { http } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { createTestI18n } from '../../../test/i18n-for-tests.ts';
import ForgotPasswordDialog from './forgot-password-dialog.tsx';

vi.mock('../../../lib/api-client.ts', () => ({ http: { post: vi.fn() } }));
const post = vi.mocked(http.post);

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(() => {
  cleanup();
  post.mockReset();
});

function renderDialog(initialEmail = '') {
  const onClose = vi.fn();
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <main>
          <button type="button">Esqueci minha senha</button>
        </main>
        <ForgotPasswordDialog initialEmail={initialEmail} onClose={onClose} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return onClose;
}

const send = () => fireEvent.click(screen.getByRole('button', { name: 'Enviar link' }));

describe('ForgotPasswordDialog', () => {
  it('is a labelled modal dialog that focuses the e-mail and makes the page behind it inert', () => {
    renderDialog('ana@scentia.test');
    const dialog = screen.getByRole('dialog', { name: 'Esqueceu sua senha?' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const email = screen.getByLabelText('E-mail') as HTMLInputElement;
    expect(document.activeElement).toBe(email);
    expect(email.value).toBe('ana@scentia.test');
    expect(document.querySelector('main')?.closest('[inert]')).not.toBeNull();
  });

  it("shows the 'invalid email text' message for an empty address, without calling the API", () => {
    renderDialog();
    send();
    expect(screen.getByText('Informe o e-mail da sua conta para receber o link.')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });

  it("shows the 'invalid email title' message for a malformed address", () => {
    renderDialog();
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ana@scentia' } });
    send();
    expect(screen.getByText('E-mail inválido')).toBeTruthy();
    expect(screen.getByLabelText('E-mail').getAttribute('aria-invalid')).toBe('true');
    expect(post).not.toHaveBeenCalled();
  });

  it('sends the trimmed address and turns into the confirmation, which does not say whether it exists', async () => {
    post.mockResolvedValue(undefined);
    const onClose = renderDialog();
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: ' ana@scentia.test ' } });
    send();
    const confirmation = await screen.findByRole('dialog', { name: 'Verifique seu e-mail' });
    expect(post).toHaveBeenCalledWith(
      '/usuario/recuperar-senha',
      { email: 'ana@scentia.test' },
      { isAuthenticated: false },
    );
    expect(confirmation.textContent).toContain('Se existir uma conta para ana@scentia.test');
    const ok = screen.getByRole('button', { name: 'Entendi' });
    expect(document.activeElement).toBe(ok);
    fireEvent.click(ok);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("shows the 'related email' error when the request fails (e.g. rate limited)", async () => {
    post.mockRejectedValue(new ApiError({ status: 429, code: 'TOO_MANY_REQUESTS', retryAfterSeconds: 30 }));
    renderDialog('ana@scentia.test');
    send();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Não foi possível enviar o e-mail de recuperação agora.',
    );
    expect(screen.getByRole('dialog', { name: 'Esqueceu sua senha?' })).toBeTruthy();
  });

  it('closes on Escape and on the close button', () => {
    const onClose = renderDialog();
    fireEvent.keyDown(screen.getByLabelText('E-mail'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('keeps Tab inside the dialog', () => {
    renderDialog();
    const buttons = screen.getAllByRole('button');
    const last = buttons.at(-1) as HTMLElement;
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Fechar' }));
  });
});
