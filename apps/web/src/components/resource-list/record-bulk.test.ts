// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useCallerBulkActions } from './record-bulk.ts';

const session = vi.hoisted(() => ({ user: null as null | { membership: unknown } }));
vi.mock('../../lib/use-session.ts', () => ({ useSession: () => ({ user: session.user, tokens: null }) }));

const ACTIONS = ['activate', 'deactivate', 'delete'] as const;
const offered = () => renderHook(() => useCallerBulkActions(ACTIONS)).result.current;

describe('useCallerBulkActions', () => {
  it('offers staff the declared actions', () => {
    session.user = { membership: null };
    expect(offered()).toEqual(ACTIONS);
  });

  it("offers a client organisation's member none, whom the server refuses every kit write", () => {
    session.user = { membership: { organizationId: 1, role: 'manager' } };
    expect(offered()).toEqual([]);
  });

  it('offers nothing without a session', () => {
    session.user = null;
    expect(offered()).toEqual([]);
  });
});
