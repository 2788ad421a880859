import { describe, expect, it } from 'vitest';
import { databaseRoleRefusal } from './runtime-role.ts';

const runtime = { name: 'scentia_app', isSuperuser: false, isOwner: false };
const owner = { name: 'scentia_owner', isSuperuser: false, isOwner: true };
const superuser = { name: 'postgres', isSuperuser: true, isOwner: true };
const production = { driver: 'postgres' as const, nodeEnv: 'production', isOwnerAllowed: false };

describe('the start-up check of the database role', () => {
  it('starts a production server connected as the runtime role', () => {
    expect(databaseRoleRefusal({ ...production, role: runtime })).toBeNull();
  });

  it('refuses a production server connected as a superuser or as the owner, naming the way out', () => {
    expect(databaseRoleRefusal({ ...production, role: superuser })).toMatch(
      /^Refusing to start: DATABASE_URL connects as a superuser \(postgres\).*DATABASE_OWNER_URL.*DATABASE_ALLOW_OWNER=true/,
    );
    expect(databaseRoleRefusal({ ...production, role: owner })).toMatch(
      /as the owner of the tables \(scentia_owner\)/,
    );
  });

  it('lets the owner run when DATABASE_ALLOW_OWNER says so, outside production and on the embedded database', () => {
    expect(databaseRoleRefusal({ ...production, isOwnerAllowed: true, role: superuser })).toBeNull();
    expect(databaseRoleRefusal({ ...production, nodeEnv: 'development', role: superuser })).toBeNull();
    expect(databaseRoleRefusal({ ...production, driver: 'pglite', role: superuser })).toBeNull();
  });
});
