// @vitest-environment jsdom
import type { CurrentUser } from '@scentia/shared/auth.schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAuth } from '../../../lib/auth-storage.ts';
import { createTestI18n } from '../../../test/i18n-for-tests.ts';
import { getCurrentUser } from '../api/get-current-user.ts';
import { login } from '../api/login.ts';
import { logout } from '../api/logout.ts';
import { authKeys } from '../api/query-keys.ts';
import { useSignIn } from './use-sign-in.ts';

vi.mock('../api/login.ts', () => ({ login: vi.fn() }));
vi.mock('../api/get-current-user.ts', () => ({ getCurrentUser: vi.fn() }));
vi.mock('../api/logout.ts', () => ({ logout: vi.fn() }));

const TOKENS = { token: 'access', refreshToken: 'refresh', login: 'ana@scentia.test' };
const userWith = (profile: string) =>
  ({ id: 7, nome: 'Ana Lima', email: 'ana@scentia.test', profile: { id: 1, nome: profile } }) as CurrentUser;

let i18n: I18n;
let queryClient: QueryClient;
let pathname = '';

function PathProbe() {
  pathname = useLocation().pathname;
  return null;
}

function wrapper({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/auth/login']}>
          {children}
          <Routes>
            <Route path="*" element={<PathProbe />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>
  );
}

beforeAll(async () => {
  i18n = await createTestI18n();
});
beforeEach(() => {
  // The spec's wait was a timer: frozen timers make a sign-in that still waits on one never finish.
  vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval'] });
  queryClient = new QueryClient();
  localStorage.clear();
  vi.mocked(login).mockResolvedValue(TOKENS);
  vi.mocked(logout).mockResolvedValue(undefined);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.clearAllMocks();
});

async function signInAs(profile: string) {
  vi.mocked(getCurrentUser).mockResolvedValue(userWith(profile));
  const { result } = renderHook(() => useSignIn(), { wrapper });
  await act(() => result.current.signIn({ email: 'ana@scentia.test', password: 'secret' }));
  return result;
}

describe('useSignIn', () => {
  it('opens the admin area as soon as the user is known, handing the user to the shell', async () => {
    await signInAs('ADMIN');
    expect(pathname).toBe('/admin/home');
    expect(getCurrentUser).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryData(authKeys.currentUser())).toEqual(userWith('ADMIN'));
    expect(queryClient.getQueryState(authKeys.currentUser())?.isInvalidated).toBe(false);
  });

  it('refuses a USER profile at once: the dialog, no session, the refresh token revoked', async () => {
    const result = await signInAs('USER');
    expect(result.current.isProfileBlocked).toBe(true);
    expect(result.current.isPending).toBe(false);
    expect(pathname).toBe('/auth/login');
    expect(getAuth().authData).toBeNull();
    expect(logout).toHaveBeenCalledWith('refresh');
    expect(queryClient.getQueryData(authKeys.currentUser())).toBeUndefined();
  });
});
