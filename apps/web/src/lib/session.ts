import type { TokenPair } from '@scentia/shared/auth.schemas';
import { clearAuth, startSession } from './auth-storage.ts';
import { clearLastLocation, rememberLocation } from './last-location.ts';
import { clearListPreferences } from './list-preferences.ts';
import { PATHS } from './paths.ts';

export const LOGIN_PATH = PATHS.auth.login;
const EXPIRED_LOGIN_PATH = `${PATHS.auth.login}?expired=true`;

type Navigate = (to: string) => void;
let navigateOnExpiry: Navigate | undefined;
// Clearing the tokens re-renders the admin guard, which redirects on its own; this flag lets it
// pick the same destination as the expiry (with the "session expired" message) instead of racing it.
let hasExpired = false;
const cleanups = new Set<() => void>();

/** The router registers itself so expiry navigates inside the SPA instead of reloading. */
export function setSessionNavigator(navigate: Navigate | undefined): void {
  navigateOnExpiry = navigate;
}

/** Caches holding the previous user's data (e.g. the query cache) register their reset here. */
export function onSessionEnd(cleanup: () => void): () => void {
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

/** Sign-in (spec §4): new tokens, no user yet. */
export function beginSession(tokens: TokenPair): void {
  hasExpired = false;
  startSession(tokens);
}

/** Where a signed-out visit to the admin area goes. */
export function signedOutPath(): string {
  return hasExpired ? EXPIRED_LOGIN_PATH : LOGIN_PATH;
}

function currentPath(): string {
  const { pathname, search, hash } = globalThis.location ?? { pathname: '', search: '', hash: '' };
  return `${pathname}${search}${hash}`;
}

function runCleanups(): void {
  for (const cleanup of cleanups) cleanup();
}

/**
 * The session died under the user (refresh refused). Unlike a deliberate logout we remember where
 * they were, so signing in again within 120 s brings them back to the same page.
 */
export function expireSession(): void {
  hasExpired = true;
  rememberLocation(currentPath());
  clearAuth();
  runCleanups();
  if (navigateOnExpiry) navigateOnExpiry(EXPIRED_LOGIN_PATH);
  else globalThis.location?.assign(EXPIRED_LOGIN_PATH);
}

/**
 * A deliberate logout (spec §4: "clears everything, including the remembered location"): the
 * user chose to leave, so the next sign-in — maybe someone else's — starts at the home page with
 * the lists' default sort and page size.
 */
export function endSession(): void {
  hasExpired = false;
  clearAuth();
  clearLastLocation();
  clearListPreferences();
  runCleanups();
}
