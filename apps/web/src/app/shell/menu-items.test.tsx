import { describe, expect, it } from 'vitest';
import { menuFor } from './menu-items.tsx';

const member = (role: 'manager' | 'viewer') => ({
  profile: { id: 4, nome: 'CLIENT' },
  membership: { organizationId: 1, organizationName: 'Essenza', role, locationIds: null },
});
const staff = { profile: { id: 2, nome: 'OPERADOR' }, membership: null };
const keysOf = (user: Parameters<typeof menuFor>[0]) => menuFor(user).map((entry) => entry.key);

describe('the side menu', () => {
  it('shows staff every screen but the Manager’s members page', () => {
    expect(keysOf(staff)).toEqual([
      'home',
      'users',
      'organizations',
      'locations',
      'fragrances',
      'categories',
      'campaigns',
      'quiz',
      'devices',
      'capsules',
      'initiatives',
    ]);
  });

  it('shows a member only the screens the server opens to them, and Members to a Manager', () => {
    const memberScreens = ['home', 'organizations', 'locations', 'devices', 'capsules', 'initiatives'];
    expect(keysOf(member('viewer'))).toEqual(memberScreens);
    expect(keysOf(member('manager'))).toEqual([...memberScreens, 'members']);
  });
});
