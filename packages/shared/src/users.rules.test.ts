import { describe, expect, it } from 'vitest';
import { ErrorCode } from './error-codes.ts';
import { mayAssignProfile, userActionRefusal, userRowActions } from './users.rules.ts';

const ADMIN = { id: 1, profileName: 'ADMIN' };
const OPERATOR = { id: 2, profileName: 'OPERADOR' };
const CONFIRMED = { id: 10, isConfirmed: true, isAnonymised: false };
const UNCONFIRMED = { id: 11, isConfirmed: false, isAnonymised: false };
const ANONYMISED = { id: 12, isConfirmed: true, isAnonymised: true };
const ANONYMISED_UNCONFIRMED = { id: 13, isConfirmed: false, isAnonymised: true };

describe('user row actions (spec §4)', () => {
  it('an admin toggles and edits confirmed users', () => {
    expect(userRowActions(ADMIN, CONFIRMED)).toEqual(['toggle', 'edit']);
  });

  it('an admin resends, deletes and edits unconfirmed users', () => {
    expect(userRowActions(ADMIN, UNCONFIRMED)).toEqual(['resend', 'delete', 'edit']);
  });

  it('compares the profile name case-insensitively', () => {
    expect(userRowActions({ id: 1, profileName: ' admin ' }, CONFIRMED)).toEqual(['toggle', 'edit']);
  });

  it('an admin cannot deactivate themselves, so their own row only edits', () => {
    expect(userRowActions(ADMIN, { id: 1, isConfirmed: true, isAnonymised: false })).toEqual(['edit']);
  });

  it('anyone else resends for unconfirmed users only and edits only their own row', () => {
    expect(userRowActions(OPERATOR, UNCONFIRMED)).toEqual(['resend']);
    expect(userRowActions(OPERATOR, CONFIRMED)).toEqual([]);
    expect(userRowActions(OPERATOR, { id: 2, isConfirmed: true, isAnonymised: false })).toEqual(['edit']);
    expect(userRowActions(OPERATOR, { id: 2, isConfirmed: false, isAnonymised: false })).toEqual([
      'resend',
      'edit',
    ]);
  });

  it('an anonymised account offers nothing but the deletion of an unconfirmed one', () => {
    expect(userRowActions(ADMIN, ANONYMISED)).toEqual([]);
    expect(userRowActions(ADMIN, ANONYMISED_UNCONFIRMED)).toEqual(['delete']);
    expect(userRowActions(OPERATOR, ANONYMISED_UNCONFIRMED)).toEqual([]);
  });
});

describe('user action refusals: the codes the API answers', () => {
  it.each([
    [OPERATOR, CONFIRMED, 'toggle', ErrorCode.ADMIN_ONLY],
    [ADMIN, UNCONFIRMED, 'toggle', ErrorCode.USER_UNCONFIRMED],
    [ADMIN, { id: 1, isConfirmed: true, isAnonymised: false }, 'toggle', ErrorCode.SELF_DEACTIVATION],
    [OPERATOR, UNCONFIRMED, 'delete', ErrorCode.ADMIN_ONLY],
    [ADMIN, CONFIRMED, 'delete', ErrorCode.USER_CONFIRMED],
    [ADMIN, CONFIRMED, 'resend', ErrorCode.ALREADY_CONFIRMED],
    [OPERATOR, CONFIRMED, 'edit', ErrorCode.OWN_RECORD_ONLY],
    [ADMIN, ANONYMISED, 'edit', ErrorCode.ACCOUNT_ANONYMISED],
    [ADMIN, ANONYMISED, 'toggle', ErrorCode.ACCOUNT_ANONYMISED],
    [ADMIN, ANONYMISED_UNCONFIRMED, 'toggle', ErrorCode.ACCOUNT_ANONYMISED],
    [ADMIN, ANONYMISED, 'resend', ErrorCode.ACCOUNT_ANONYMISED],
    [OPERATOR, ANONYMISED_UNCONFIRMED, 'resend', ErrorCode.ACCOUNT_ANONYMISED],
    [OPERATOR, ANONYMISED, 'edit', ErrorCode.OWN_RECORD_ONLY],
    [OPERATOR, ANONYMISED, 'toggle', ErrorCode.ADMIN_ONLY],
  ] as const)('%o on %o: %s is refused with %s', (viewer, user, action, code) => {
    expect(userActionRefusal(viewer, user, action)).toBe(code);
  });
});

describe('profiles a person may assign', () => {
  it('an admin any, anyone else only their own', () => {
    expect(mayAssignProfile({ ...ADMIN, profileId: 1 }, 7)).toBe(true);
    expect(mayAssignProfile({ ...OPERATOR, profileId: 3 }, 3)).toBe(true);
    expect(mayAssignProfile({ ...OPERATOR, profileId: 3 }, 1)).toBe(false);
  });
});
