// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useCallerBulkActions } from './record-bulk.ts';

type SessionUser = { profile: { nome: string }; membership: { organizationId: number; role: string } | null };
const session = vi.hoisted(() => ({ user: null as null | SessionUser }));
vi.mock('../../lib/use-session.ts', () => ({ useSession: () => ({ user: session.user, tokens: null }) }));

const ACTIONS = ['activate', 'deactivate', 'delete'] as const;
const offered = (door?: 'staff' | 'organizationManager') =>
  renderHook(() => useCallerBulkActions(ACTIONS, door)).result.current;

const STAFF: SessionUser = { profile: { nome: 'OPERADOR' }, membership: null };
const MANAGER: SessionUser = {
  profile: { nome: 'CLIENT' },
  membership: { organizationId: 1, role: 'manager' },
};

describe('useCallerBulkActions', () => {
  it('offers staff the declared actions behind the default door', () => {
    session.user = STAFF;
    expect(offered()).toEqual(ACTIONS);
  });

  it("offers a client organisation's member none behind a staff door, which the server refuses them", () => {
    session.user = MANAGER;
    expect(offered()).toEqual([]);
    expect(offered('staff')).toEqual([]);
  });

  it('follows the shared role table: a door that admits Managers offers them the actions', () => {
    session.user = MANAGER;
    expect(offered('organizationManager')).toEqual(ACTIONS);
  });

  it('offers nothing without a session, nor to an app user', () => {
    session.user = null;
    expect(offered()).toEqual([]);
    session.user = { profile: { nome: 'USER' }, membership: null };
    expect(offered()).toEqual([]);
  });
});
