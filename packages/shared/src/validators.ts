import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PROFILE_ADMIN, PROFILE_USER } from './constants.ts';
import { PROFILE_CLIENT } from './members.rules.ts';

/**
 * A pragmatic standard e-mail pattern: one @, no spaces, a dotted domain with a 2+ letter TLD.
 * CR and LF are excluded explicitly so an address can never inject a mail header.
 */
const EMAIL_PATTERN =
  /^[^\s@<>()[\]\\,;:"]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}

/** The only enforced password rule (spec §5): 4 to 16 characters. */
export function isValidPassword(value: string): boolean {
  const length = [...value].length;
  return length >= PASSWORD_MIN_LENGTH && length <= PASSWORD_MAX_LENGTH;
}

/** Advisory hints shown to the user; spec §5 says these are never enforced. */
export type PasswordHint = 'length' | 'numbers' | 'case' | 'special';

export function unmetPasswordHints(value: string): PasswordHint[] {
  const unmet: PasswordHint[] = [];
  if ([...value].length <= 8) unmet.push('length');
  if (!/\d/.test(value)) unmet.push('numbers');
  if (!(/\p{Lu}/u.test(value) && /\p{Ll}/u.test(value))) unmet.push('case');
  if (!/[^\p{L}\p{N}]/u.test(value)) unmet.push('special');
  return unmet;
}

/** Profile names are compared case-insensitively (spec §6). */
export function isAdminProfile(profileName: string | null | undefined): boolean {
  return profileName?.trim().toUpperCase() === PROFILE_ADMIN;
}

export function isClientProfile(profileName: string | null | undefined): boolean {
  return profileName?.trim().toUpperCase() === PROFILE_CLIENT;
}

export function isUserProfile(profileName: string | null | undefined): boolean {
  return profileName?.trim().toUpperCase() === PROFILE_USER;
}

/** Person names (spec §5 User): at least 3 characters once digits and spaces are removed. */
export function isValidPersonName(value: string): boolean {
  return value.replace(/[\d\s]/g, '').length >= 3;
}
