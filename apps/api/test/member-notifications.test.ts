import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNotificationsService } from '../src/modules/alerts/notifications.service.ts';
import { createTenant, type Tenant, type TenantSite } from './tenant-fixture.ts';
import { createTestApp, type TestContext } from './test-app.ts';

/** A member's notification tab and daily digest: their organisation's alerts, their locations' when limited. */

let ctx: TestContext;
let tenantA: Tenant;
let tenantB: Tenant;
const people = {
  manager: { id: 0, token: '' },
  limited: { id: 0, token: '' },
  staff: { id: 0, token: '' },
};

beforeAll(async () => {
  // The alerts job runs once at start-up (then not again during the file): it must not rewrite the
  // fixture's alerts while the tests read them.
  ctx = await createTestApp({ ALERTS_INTERVAL_MINUTES: '1440' });
  await ctx.jobSettled('alerts');
  tenantA = await createTenant(ctx, 'A');
  tenantB = await createTenant(ctx, 'B');
  const organizationId = tenantA.organizationId;
  const signedIn = async (account: { id: number; email: string; password: string }) => ({
    id: account.id,
    token: (await ctx.signIn(account.email, account.password)).token,
  });
  people.manager = await signedIn(await ctx.createMember({ role: 'manager', organizationId }));
  people.limited = await signedIn(
    await ctx.createMember({
      role: 'viewer',
      organizationId,
      locationIds: [(tenantA.sites[0] as TenantSite).locationId],
    }),
  );
  people.staff = await signedIn(await ctx.createAccount({ profile: 'OPERADOR' }));
});
afterAll(() => ctx.close());

function as(who: keyof typeof people, method: 'GET' | 'PUT', url: string, payload?: object) {
  return ctx.app.inject({
    method,
    url: `/api${url}`,
    ...(payload ? { payload } : {}),
    headers: { authorization: `Bearer ${people[who].token}` },
  });
}

const alertIdsOf = (tenant: Tenant) => tenant.sites.map((site) => site.alertId);

describe('GET /api/notifications as a member', () => {
  it('lists and counts their organisation’s alerts, their locations’ only when limited', async () => {
    const read = async (who: keyof typeof people) => {
      const answer = (await as(who, 'GET', '/notifications')).json() as {
        total: number;
        unreadCount: number;
        items: { alertId: number }[];
      };
      return { total: answer.total, ids: answer.items.map((item) => item.alertId).sort((a, b) => a - b) };
    };
    expect(await read('manager')).toEqual({ total: 2, ids: alertIdsOf(tenantA) });
    expect(await read('limited')).toEqual({ total: 1, ids: [(tenantA.sites[0] as TenantSite).alertId] });
    const staff = await read('staff');
    expect(staff.ids).toEqual(expect.arrayContaining([...alertIdsOf(tenantA), ...alertIdsOf(tenantB)]));
  });

  it('marks their own alerts read, and answers another organisation’s as an unknown one (404)', async () => {
    const foreign = await as(
      'manager',
      'PUT',
      `/notifications/read/${(tenantB.sites[0] as TenantSite).alertId}`,
    );
    const unknown = await as('manager', 'PUT', '/notifications/read/99999999');
    expect([foreign.statusCode, foreign.json()]).toEqual([unknown.statusCode, unknown.json()]);
    expect(foreign.statusCode).toBe(404);
    expect((await as('manager', 'PUT', '/notifications/read-all')).statusCode).toBe(204);
    const marked = await ctx.query<{ alert_id: number }>(
      sql`select alert_id from alert_reads where user_id = ${people.manager.id} order by alert_id`,
    );
    expect(marked.map((row) => row.alert_id)).toEqual(alertIdsOf(tenantA));
  });
});

describe('the daily digest of a member', () => {
  it('lists their sites’ alerts only', async () => {
    for (const who of ['manager', 'limited', 'staff'] as const) {
      expect((await as(who, 'PUT', '/notification-settings', { dailyDigest: true })).statusCode).toBe(200);
    }
    const service = createNotificationsService({
      db: ctx.db,
      outbox: ctx.app.mailOutbox,
      appUrl: 'http://localhost:3000',
    });
    expect(await service.queueDigests(new Date('2099-01-01T09:00:00Z'))).toBeGreaterThanOrEqual(3);
    const mails = await ctx.query<{ user_id: number; html: string }>(
      sql`select user_id, html from mail_outbox where kind = 'alertsDigest'`,
    );
    const mailOf = (who: keyof typeof people) =>
      mails.find((mail) => mail.user_id === people[who].id)?.html ?? '';
    const [siteA1, siteA2] = tenantA.sites as [TenantSite, TenantSite];
    const namesB = tenantB.sites.map((site) => site.markers[0] as string);
    const nameA1 = siteA1.markers[0] as string;
    const nameA2 = siteA2.markers[0] as string;

    expect(mailOf('manager')).toContain(nameA1);
    expect(mailOf('manager')).toContain(nameA2);
    expect(mailOf('limited')).toContain(nameA1);
    expect(mailOf('limited')).not.toContain(nameA2);
    for (const name of namesB) {
      expect(mailOf('manager')).not.toContain(name);
      expect(mailOf('limited')).not.toContain(name);
      expect(mailOf('staff')).toContain(name);
    }
  });

  it('links each alert to its device’s page, which the member may open', async () => {
    const mails = await ctx.query<{ user_id: number; html: string; text: string }>(
      sql`select user_id, html, text from mail_outbox where kind = 'alertsDigest'`,
    );
    for (const who of ['manager', 'limited'] as const) {
      const mail = mails.find((row) => row.user_id === people[who].id);
      const links = [...(mail?.html ?? '').matchAll(/href="([^"]+)"/g)].map((match) => match[1] as string);
      const alertLinks = links.filter((link) => link.includes('/admin/'));
      expect(alertLinks.length, who).toBeGreaterThan(0);
      for (const link of alertLinks) {
        // The device's page of the web client, whose reads are open to members (FLEET_DOORS.devices.read).
        const [, id] = link.match(/^http:\/\/localhost:3000\/admin\/devices\/(\d+)\/update$/) ?? [];
        expect(id, link).toBeDefined();
        expect(mail?.text).toContain(link);
        expect((await as(who, 'GET', `/devices/${id}`)).statusCode, link).toBe(200);
      }
    }
  });
});
