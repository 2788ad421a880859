import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoClientProposals } from '../src/demo-data/seed-client-proposals.ts';
import { initiativeGround } from './initiatives-fixture.ts';
import { createTestApp, type TestContext } from './test-app.ts';

/** The demo's proposals from clients' Managers (issue 39 §9), as a member of the organisation reads them. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('the demo proposals from clients', () => {
  it('adds nothing, and does not fail, when no organisation has a Manager', async () => {
    await ctx.createAccount({ profile: 'ADMIN', email: 'gestora@scentia.test' });
    await initiativeGround(ctx);
    expect(await seedDemoClientProposals(ctx.db)).toEqual({ clientProposals: 0 });
  });

  it('gives each organisation’s Manager a proposal in each status, told in their history, and only once', async () => {
    const ground = await initiativeGround(ctx, ['America/Sao_Paulo', 'America/Manaus']);
    const manager = await ctx.createMember({
      role: 'manager',
      organizationId: ground.organizationId,
      locationIds: [ground.locationIds[1] as number],
    });
    expect(await seedDemoClientProposals(ctx.db)).toEqual({ clientProposals: 5 });
    expect(await seedDemoClientProposals(ctx.db)).toEqual({ clientProposals: 0 });

    const { token } = await ctx.signIn(manager.email, manager.password);
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/initiatives?orderBy=Initiative.StartsOn&orderByDirection=asc',
      headers: { authorization: `Bearer ${token}` },
    });
    const rows = list.json().data as {
      initiativeId: number;
      status: string;
      locations: { locationId: number }[];
    }[];
    expect(rows.map((row) => row.status)).toEqual([
      'inReview',
      'changesRequested',
      'approved',
      'rejected',
      'inactive',
    ]);
    expect(rows.every((row) => row.locations[0]?.locationId === ground.locationIds[1])).toBe(true);
    const approved = await ctx.app.inject({
      method: 'GET',
      url: `/api/initiatives/${rows[2]?.initiativeId}`,
      headers: { authorization: `Bearer ${token}` },
    });
    const record = approved.json();
    expect(record.proposer).toMatchObject({ id: manager.id, isClient: true });
    expect(record.history.map((change: { changedBy: { name: string } }) => change.changedBy.name)).toContain(
      'Scentia',
    );
    expect(record.mails).toHaveLength(2);
  });
});
