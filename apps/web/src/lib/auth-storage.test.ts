// @vitest-environment jsdom
import type { CurrentUser } from '@scentia/shared/auth.schemas';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearAuth, getAuth, replaceTokens, startSession, storeUser } from './auth-storage.ts';
import { rememberLocation } from './last-location.ts';
import { endSession, expireSession } from './session.ts';

const PAIR = { token: 't1', refreshToken: 'r1', login: 'ana@scentia.test' };
const USER: CurrentUser = {
  id: 7,
  nome: 'Ana',
  email: 'ana@scentia.test',
  profile: { id: 1, nome: 'ADMIN' },
  confirmedAt: '2026-01-01T00:00:00.000Z',
  createdAt: '2026-01-01T00:00:00.000Z',
  membership: null,
};

describe('auth storage', () => {
  beforeEach(() => {
    localStorage.clear();
    clearAuth();
  });

  it('keeps { user, authData } under "auth"; sign-in clears the previous user', () => {
    startSession(PAIR);
    storeUser(USER);
    expect(JSON.parse(localStorage.getItem('auth') ?? 'null')).toEqual({ user: USER, authData: PAIR });

    startSession({ ...PAIR, token: 't2' });
    expect(getAuth()).toEqual({ user: null, authData: { ...PAIR, token: 't2' } });
  });

  it('a refresh replaces the tokens and keeps the user', () => {
    startSession(PAIR);
    storeUser(USER);
    replaceTokens({ ...PAIR, token: 't3', refreshToken: 'r3' });
    expect(getAuth()).toEqual({ user: USER, authData: { ...PAIR, token: 't3', refreshToken: 'r3' } });
  });

  it('does not store a user after the session was closed', () => {
    startSession(PAIR);
    clearAuth();
    storeUser(USER);
    expect(localStorage.getItem('auth')).toBeNull();
  });

  it('treats a corrupted entry as signed out', () => {
    localStorage.setItem('auth', '{"authData":{"token":1}}');
    window.dispatchEvent(new StorageEvent('storage', { key: 'auth' }));
    expect(getAuth()).toEqual({ user: null, authData: null });
  });

  it('an expired session remembers the admin page; a deliberate logout forgets it', () => {
    startSession(PAIR);
    // jsdom cannot navigate: without a registered router the expiry falls back to location.assign.
    let target = '';
    Object.defineProperty(window, 'location', {
      configurable: true,
      value: {
        pathname: '/admin/devices',
        search: '?page=3',
        hash: '',
        assign: (to: string) => {
          target = to;
        },
      },
    });
    expireSession();
    expect(target).toBe('/auth/login?expired=true');
    expect(localStorage.getItem('auth')).toBeNull();
    expect(JSON.parse(localStorage.getItem('lastLocation') ?? 'null')?.path).toBe('/admin/devices?page=3');

    rememberLocation('/admin/devices');
    endSession();
    expect(localStorage.getItem('lastLocation')).toBeNull();
  });
});
