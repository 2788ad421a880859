import type { CurrentUser, TokenPair } from '@scentia/shared/auth.schemas';
import { removeItem, STORAGE_KEYS, subscribe, writeJson } from './browser-storage.ts';
import { isCurrentUser, isRecord, isTokenPair, plainCheck, readCheckedJson } from './plain-checks.ts';

/**
 * The `auth` entry of localStorage (spec §3): `{ user, authData }` where authData is the token pair
 * answered by POST /api/login or /api/login/refresh and user is GET /api/usuario/me.
 */
export type StoredAuth = { user: CurrentUser | null; authData: TokenPair | null };

// Checked without zod: this module is part of the login route (see plain-checks.ts).
const storedAuthCheck = plainCheck(
  (value): value is StoredAuth =>
    isRecord(value) &&
    (value.user === null || isCurrentUser(value.user)) &&
    (value.authData === null || isTokenPair(value.authData)),
);

const EMPTY: StoredAuth = { user: null, authData: null };

// useSyncExternalStore needs a stable snapshot; re-read storage only when it was written.
let cached: StoredAuth | undefined;
subscribe(STORAGE_KEYS.auth, () => {
  cached = undefined;
});

export function getAuth(): StoredAuth {
  cached ??= readCheckedJson(STORAGE_KEYS.auth, storedAuthCheck) ?? EMPTY;
  return cached;
}

export function getTokens(): TokenPair | null {
  return getAuth().authData;
}

export function getStoredUser(): CurrentUser | null {
  return getAuth().user;
}

/** Sign-in (spec §4): the tokens are new, so whatever user was stored belongs to someone else. */
export function startSession(tokens: TokenPair): void {
  writeJson(STORAGE_KEYS.auth, { user: null, authData: tokens } satisfies StoredAuth);
}

/** Refresh (spec §4): replace the tokens, keep the user. */
export function replaceTokens(tokens: TokenPair): void {
  writeJson(STORAGE_KEYS.auth, { ...getAuth(), authData: tokens } satisfies StoredAuth);
}

export function storeUser(user: CurrentUser): void {
  const current = getAuth();
  // A late /usuario/me answer must not resurrect a session that was closed meanwhile.
  if (!current.authData) return;
  writeJson(STORAGE_KEYS.auth, { ...current, user } satisfies StoredAuth);
}

export function clearAuth(): void {
  removeItem(STORAGE_KEYS.auth);
}

export function subscribeAuth(listener: () => void): () => void {
  return subscribe(STORAGE_KEYS.auth, listener);
}
