import { describe, expect, it } from 'vitest';
import { userRowActions } from './user-row-actions.ts';

const ADMIN = { id: 1, profile: { nome: 'ADMIN' } };
const OPERATOR = { id: 2, profile: { nome: 'OPERADOR' } };
const CONFIRMED = { id: 10, confirmedAt: '2026-01-01T00:00:00.000Z' };
const UNCONFIRMED = { id: 11, confirmedAt: null };

describe('user row actions (spec §4)', () => {
  it('an admin toggles and edits confirmed users', () => {
    expect(userRowActions(ADMIN, CONFIRMED)).toEqual(['toggle', 'edit']);
  });

  it('an admin resends, deletes and edits unconfirmed users', () => {
    expect(userRowActions(ADMIN, UNCONFIRMED)).toEqual(['resend', 'delete', 'edit']);
  });

  it('compares the profile name case-insensitively', () => {
    expect(userRowActions({ id: 1, profile: { nome: ' admin ' } }, CONFIRMED)).toEqual(['toggle', 'edit']);
  });

  it('an admin cannot deactivate themselves, so their own row only edits', () => {
    expect(userRowActions(ADMIN, { id: 1, confirmedAt: '2026-01-01T00:00:00.000Z' })).toEqual(['edit']);
  });

  it('anyone else resends for unconfirmed users only and edits only their own row', () => {
    expect(userRowActions(OPERATOR, UNCONFIRMED)).toEqual(['resend']);
    expect(userRowActions(OPERATOR, CONFIRMED)).toEqual([]);
    expect(userRowActions(OPERATOR, { id: 2, confirmedAt: '2026-01-01T00:00:00.000Z' })).toEqual(['edit']);
    expect(userRowActions(OPERATOR, { id: 2, confirmedAt: null })).toEqual(['resend', 'edit']);
  });
});
