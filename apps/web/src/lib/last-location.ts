import { LAST_LOCATION_TTL_MS } from '@scentia/shared/constants';
import { z } from 'zod';
import { readJson, removeItem, STORAGE_KEYS, writeJson } from './browser-storage.ts';
import { PATHS } from './paths.ts';

/**
 * The `lastLocation` entry (spec §3, §9): the admin page a user was on when the session ended,
 * stored as `{ path, at }` (epoch ms) and honoured for 120 s after the next sign-in.
 */
const lastLocationSchema = z.object({ path: z.string(), at: z.number() });
export type LastLocation = z.infer<typeof lastLocationSchema>;

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
  const entry = readJson(STORAGE_KEYS.lastLocation, lastLocationSchema);
  removeItem(STORAGE_KEYS.lastLocation);
  if (!entry || !isRestorable(entry.path)) return undefined;
  const age = now - entry.at;
  return age >= 0 && age <= LAST_LOCATION_TTL_MS ? entry.path : undefined;
}

export function clearLastLocation(): void {
  removeItem(STORAGE_KEYS.lastLocation);
}
