import { isIP } from 'node:net';
import { withoutUnsafeCharacters } from '../unsafe-text.ts';

/** The longest User-Agent kept for audit: real ones are under 300 characters. */
export const MAX_STORED_USER_AGENT = 255;

/**
 * The client's address as it may be stored: a valid IPv4 or IPv6 address, else null. Behind a trusted
 * proxy the address comes from X-Forwarded-For, which a client can forge with any text (8 KB of it was
 * stored once); the database column is `inet` too (migration 0016).
 */
export function storedAddress(ip: string | null | undefined): string | null {
  // A zone index (`fe80::1%eth0`) names an interface of this machine, not the client: dropped.
  return typeof ip === 'string' && isIP(ip) !== 0 && !ip.includes('%') ? ip : null;
}

/**
 * A header as it may be stored for audit (the User-Agent): without the control characters the input
 * guard refuses in bodies (they rewrite what a log, a terminal or a spreadsheet shows), trimmed, cut to
 * `MAX_STORED_USER_AGENT`; null when nothing is left.
 */
export function storedHeader(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const clean = withoutUnsafeCharacters(value).trim().slice(0, MAX_STORED_USER_AGENT);
  // A cut may split a surrogate pair: the lone half left at the end goes too.
  return withoutUnsafeCharacters(clean) || null;
}
