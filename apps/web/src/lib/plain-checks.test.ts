import { currentUserSchema, publicConfigSchema, tokenPairSchema } from '@scentia/shared/auth.schemas';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { isCurrentUser, isPublicConfig, isTokenPair, plainCheck } from './plain-checks.ts';

const USER = {
  id: 7,
  nome: 'Ana',
  email: 'ana@scentia.test',
  profile: { id: 1, nome: 'ADMIN' },
  confirmedAt: '2026-01-01T00:00:00.000Z',
  createdAt: '2026-01-01T00:00:00.000Z',
  membership: { organizationId: 3, organizationName: 'Essenza', role: 'viewer', locationIds: [4, 5] },
};
/** Staff and app users have no membership. */
const STAFF_USER = { ...USER, membership: null };
const PAIR = { token: 't', refreshToken: 'r', login: 'ana@scentia.test' };
const CONFIG = {
  appStoreUrl: 'https://apps.apple.com/x',
  googlePlayUrl: 'https://play.google.com/x',
  customerCode: 'A01',
  retention: { personalDataDays: 730, accessLogDays: 183, auditDays: 1825 },
};

/** The valid value, then every variant with one field removed, mistyped or emptied, at any depth. */
function variants(value: unknown): unknown[] {
  const wrong = [undefined, null, '', 0, 1.5, 2 ** 53, true, [], {}, 'x'];
  const out: unknown[] = [value, null, undefined, 'text', 3, [], [value]];
  if (typeof value !== 'object' || value === null) return out;
  for (const [key, field] of Object.entries(value)) {
    const { [key]: _removed, ...without } = value as Record<string, unknown>;
    out.push(without);
    for (const replacement of wrong) out.push({ ...value, [key]: replacement });
    for (const nested of variants(field).slice(1)) out.push({ ...value, [key]: nested });
  }
  out.push({ ...value, extra: 'kept or stripped, still valid' });
  return out;
}

describe('plain checks agree with the shared schemas', () => {
  const cases: [string, z.ZodType, (value: unknown) => boolean, unknown][] = [
    ['tokenPairSchema', tokenPairSchema, isTokenPair, PAIR],
    ['currentUserSchema', currentUserSchema, isCurrentUser, USER],
    ['currentUserSchema', currentUserSchema, isCurrentUser, STAFF_USER],
    ['publicConfigSchema', publicConfigSchema, isPublicConfig, CONFIG],
  ];
  for (const [name, schema, guard, valid] of cases) {
    it(`accepts exactly what ${name} accepts`, () => {
      const samples = variants(valid);
      expect(samples.length).toBeGreaterThan(20);
      for (const sample of samples) {
        expect({ sample, accepted: guard(sample) }).toEqual({
          sample,
          accepted: schema.safeParse(sample).success,
        });
      }
      expect(guard(valid)).toBe(true);
      expect(guard({ ...(valid as object), [Object.keys(valid as object)[0] ?? '']: undefined })).toBe(false);
    });
  }

  it('plainCheck answers like safeParse', () => {
    const check = plainCheck(isTokenPair);
    expect(check.safeParse(PAIR)).toEqual({ success: true, data: PAIR });
    expect(check.safeParse({ token: 't' })).toEqual({ success: false });
  });
});
