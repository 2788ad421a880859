import type { CurrentUser, PublicConfig, TokenPair } from '@scentia/shared/auth.schemas';
import { MEMBER_ROLES } from '@scentia/shared/members.rules';
import { readRaw, type StorageKey } from './browser-storage.ts';

/**
 * What the HTTP client and the storage readers need of a schema: its `safeParse`. A zod schema
 * has one; `plainCheck` makes one from a type guard.
 *
 * The login route does without zod (about 26 KB of gzipped JavaScript, a sixth of its budget; see
 * docs/performance/login-page.md): the few answers and storage entries it reads are checked by the guards
 * below, which plain-checks.test.ts keeps in agreement with the shared schemas the API applies.
 */
export type SafeParser<T> = {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
};

export function plainCheck<T>(isValid: (value: unknown) => value is T): SafeParser<T> {
  return { safeParse: (value) => (isValid(value) ? { success: true, data: value } : { success: false }) };
}

/** A localStorage entry as JSON, or undefined when it is absent, unreadable or fails `check`. */
export function readCheckedJson<T>(key: StorageKey, check: SafeParser<T>): T | undefined {
  const raw = readRaw(key);
  if (raw === null) return undefined;
  try {
    const result = check.safeParse(JSON.parse(raw));
    return result.success ? result.data : undefined;
  } catch {
    return undefined;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isString = (value: unknown): value is string => typeof value === 'string';
// zod's `.int()` accepts safe integers only.
const isInteger = (value: unknown): value is number => Number.isSafeInteger(value);

/** The shape of `tokenPairSchema`. */
export function isTokenPair(value: unknown): value is TokenPair {
  return isRecord(value) && isString(value.token) && isString(value.refreshToken) && isString(value.login);
}

/** The shape of `currentUserSchema`. */
export function isCurrentUser(value: unknown): value is CurrentUser {
  return (
    isRecord(value) &&
    isInteger(value.id) &&
    isString(value.nome) &&
    isString(value.email) &&
    isRecord(value.profile) &&
    isInteger(value.profile.id) &&
    isString(value.profile.nome) &&
    (value.confirmedAt === null || isString(value.confirmedAt)) &&
    isString(value.createdAt) &&
    (value.membership === null || isMembership(value.membership))
  );
}

/** The shape of `membershipViewSchema` when not null. */
function isMembership(value: unknown): boolean {
  return (
    isRecord(value) &&
    isInteger(value.organizationId) &&
    isString(value.organizationName) &&
    (MEMBER_ROLES as readonly unknown[]).includes(value.role) &&
    (value.locationIds === null ||
      (Array.isArray(value.locationIds) && value.locationIds.every((id) => isInteger(id))))
  );
}

/** The shape of `publicConfigSchema`. */
export function isPublicConfig(value: unknown): value is PublicConfig {
  return (
    isRecord(value) &&
    isString(value.appStoreUrl) &&
    isString(value.googlePlayUrl) &&
    isString(value.customerCode) &&
    isRecord(value.retention) &&
    isInteger(value.retention.personalDataDays) &&
    isInteger(value.retention.accessLogDays) &&
    isInteger(value.retention.auditDays)
  );
}
