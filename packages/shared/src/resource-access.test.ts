import { describe, expect, it } from 'vitest';
import { isAdminOnly, mayOpenResource } from './resource-access.ts';

describe('RESOURCE_ACCESS', () => {
  it('opens an ADMIN-only resource to an ADMIN only', () => {
    expect(isAdminOnly('profiles')).toBe(true);
    expect(mayOpenResource('profiles', 'ADMIN')).toBe(true);
    expect(mayOpenResource('profiles', 'OPERADOR')).toBe(false);
    expect(mayOpenResource('profiles', null)).toBe(false);
  });

  it('leaves a resource it does not list to the house default', () => {
    expect(isAdminOnly('organizations')).toBe(false);
    expect(mayOpenResource('organizations', 'OPERADOR')).toBe(true);
  });
});
