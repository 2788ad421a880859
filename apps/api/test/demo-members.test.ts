import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CLIENTS } from '../src/demo-data/clients.ts';
import { seedDemoClients } from '../src/demo-data/seed-clients.ts';
import { DEMO_MEMBERS, seedDemoMembers } from '../src/demo-data/seed-members.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { createTestApp, type TestContext } from './test-app.ts';

/** The demo's members, as the README names them: each signs in and is told their organisation and role. */
let ctx: TestContext;
const PASSWORD = 'demo1234';
let clientsSeeded: Awaited<ReturnType<typeof seedDemoClients>>;
beforeAll(async () => {
  ctx = await createTestApp();
  clientsSeeded = await seedDemoClients(ctx.db);
});
afterAll(() => ctx.close());

describe('the demo clients', () => {
  it('are seeded once: a second run adds no organisation and no location', async () => {
    const locations = DEMO_CLIENTS.reduce((sum, client) => sum + client.locations.length, 0);
    expect(clientsSeeded).toEqual({ organizationsAdded: DEMO_CLIENTS.length, locationsAdded: locations });
    expect(await seedDemoClients(ctx.db)).toEqual({ organizationsAdded: 0, locationsAdded: 0 });
  });
});

describe('the demo members', () => {
  it('sign in with the demo password, two organisations with a Manager, a Viewer and a limited Viewer each', async () => {
    const passwordHash = await hashPassword(PASSWORD);
    expect((await seedDemoMembers(ctx.db, passwordHash)).membersAdded).toBe(6);
    // Idempotent: a second run adds nothing.
    expect((await seedDemoMembers(ctx.db, passwordHash)).membersAdded).toBe(0);
    const organizations = new Set<number>();
    for (const demo of DEMO_MEMBERS) {
      for (const member of demo.members) {
        const { token } = await ctx.signIn(member.email, PASSWORD);
        const me = await ctx.app.inject({
          method: 'GET',
          url: '/api/usuario/me',
          headers: { authorization: `Bearer ${token}` },
        });
        const { membership } = me.json();
        expect(membership, member.email).toMatchObject({
          organizationName: demo.organization,
          role: member.role,
        });
        expect(membership.locationIds === null, member.email).toBe(!member.isLimited);
        if (member.isLimited) expect(membership.locationIds).toHaveLength(2);
        organizations.add(membership.organizationId);
      }
    }
    expect(organizations.size).toBe(2);
  });
});
