import { LAST_LOCATION_TTL_MS } from '@scentia/shared/constants';
import { removeItem, STORAGE_KEYS, writeJson } from './browser-storage.ts';
import { PATHS } from './paths.ts';
import { isRecord, plainCheck, readCheckedJson } from './plain-checks.ts';

/**
 * The `lastLocation` entry (spec §3, §9): the admin page a user was on when the session ended,
 * stored as `{ path, at }` (epoch ms) and honoured for 120 s after the next sign-in.
 */
export type LastLocation = { path: string; at: number };

// Checked without zod: the login page reads this entry (see plain-checks.ts).
const lastLocationCheck = plainCheck(
  (value): value is LastLocation =>
    isRecord(value) && typeof value.path === 'string' && typeof value.at === 'number',
);

/** Only admin pages are worth coming back to; anything else could be an open redirect. */
function isRestorable(path: string): boolean {
  return path.startsWith(PATHS.admin.root) && !path.startsWith('//');
}

export function rememberLocation(path: string, now: number = Date.now()): void {
  if (!isRestorable(path)) return;
  writeJson(STORAGE_KEYS.lastLocation, { path, at: now } satisfies LastLocation);
}

/** Returns the remembered path when it is still fresh and forgets it either way (one use only). */
export function takeLastLocation(now: number = Date.now()): string | undefined {
  const entry = readCheckedJson(STORAGE_KEYS.lastLocation, lastLocationCheck);
  removeItem(STORAGE_KEYS.lastLocation);
  if (!entry || !isRestorable(entry.path)) return undefined;
  const age = now - entry.at;
  return age >= 0 && age <= LAST_LOCATION_TTL_MS ? entry.path : undefined;
}

export function clearLastLocation(): void {
  removeItem(STORAGE_KEYS.lastLocation);
}
