import { createHash } from 'node:crypto';

/**
 * How random tokens (refresh tokens, mail-link tokens) are stored: as their SHA-256, so a copy of the
 * database cannot be used to sign in or to follow a link. They carry 256 bits of entropy, so a fast
 * hash is enough; passwords use argon2 instead (lib/passwords.ts).
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
