// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { StrictMode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error.ts';
import { createTestI18n } from '../../../test/i18n-for-tests.ts';
import ActivateAccountPage from '../pages/activate-account-page.tsx';
import { activateAccountOnce } from './activate-account.ts';
import { completeTemporaryRequest } from './complete-temporary-request.ts';

vi.mock('./complete-temporary-request.ts', () => ({ completeTemporaryRequest: vi.fn() }));
const request = vi.mocked(completeTemporaryRequest);

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(() => {
  cleanup();
  request.mockReset();
});

const result = (email: string) => ({ kind: 'activation' as const, email });

describe('activateAccountOnce', () => {
  it('shares one call among every caller of the same token', async () => {
    const activate = vi.fn().mockResolvedValue(result('ana@scentia.test'));
    const first = activateAccountOnce('token-a', activate);
    const second = activateAccountOnce('token-a', activate);
    expect(second).toBe(first);
    await expect(second).resolves.toEqual(result('ana@scentia.test'));
    expect(activate).toHaveBeenCalledTimes(1);
    expect(activate).toHaveBeenCalledWith({ token: 'token-a', kind: 'activation' });
  });

  it('keeps an answer of the server (a used link stays used) but retries after a network failure', async () => {
    const used = new ApiError({ status: 410, code: 'LINK_USED', message: 'Este link já foi usado.' });
    const refuse = vi.fn().mockRejectedValue(used);
    await expect(activateAccountOnce('token-b', refuse)).rejects.toBe(used);
    await expect(activateAccountOnce('token-b', refuse)).rejects.toBe(used);
    expect(refuse).toHaveBeenCalledTimes(1);

    const offline = vi
      .fn()
      .mockRejectedValueOnce(new ApiError({ status: 0, code: 'NETWORK' }))
      .mockResolvedValueOnce(result('bia@scentia.test'));
    await expect(activateAccountOnce('token-c', offline)).rejects.toBeInstanceOf(ApiError);
    await expect(activateAccountOnce('token-c', offline)).resolves.toEqual(result('bia@scentia.test'));
    expect(offline).toHaveBeenCalledTimes(2);
  });
});

function renderPage(token: string) {
  render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[`/auth/ativar-conta?t=${token}`]}>
          <ActivateAccountPage />
        </MemoryRouter>
      </I18nextProvider>
    </StrictMode>,
  );
}

describe('the activation page', () => {
  it('fires the activation exactly once on load, even with StrictMode effects, then offers sign-in', async () => {
    request.mockResolvedValue(result('ana@scentia.test'));
    renderPage('page-token-1');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Ativar conta');
    expect(await screen.findByRole('heading', { name: 'Conta ativada!' })).toBeTruthy();
    expect(request).toHaveBeenCalledTimes(1);
    expect(request).toHaveBeenCalledWith({ token: 'page-token-1', kind: 'activation' });
    expect(screen.getByRole('link', { name: 'Ir para o login' }).getAttribute('href')).toBe('/auth/login');
  });

  it("replaces the heading with the server's error and offers no retry for a used link", async () => {
    request.mockRejectedValue(
      new ApiError({
        status: 410,
        code: 'LINK_USED',
        message: 'Este link já foi usado. Peça um novo se precisar.',
      }),
    );
    renderPage('page-token-2');
    const heading = await screen.findByRole('heading', {
      level: 1,
      name: 'Este link já foi usado. Peça um novo se precisar.',
    });
    // Focus moves to the new heading in an effect after the error renders.
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.queryByRole('button', { name: 'Tentar novamente' })).toBeNull();
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('without the token t goes back to /auth', () => {
    render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={['/auth/ativar-conta']}>
          <ActivateAccountPage />
        </MemoryRouter>
      </I18nextProvider>,
    );
    expect(screen.queryByRole('heading')).toBeNull();
    expect(request).not.toHaveBeenCalled();
  });
});
