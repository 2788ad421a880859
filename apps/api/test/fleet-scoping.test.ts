import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type Tenant, type TenantSite } from './tenant-fixture.ts';
import { createTestApp, type TestContext } from './test-app.ts';

/**
 * What a member of organisation A sees of the fleet and may change in it: their organisation's rows
 * (their locations' only when limited), with totals counted within that scope; a Manager edits their
 * locations' address, note and schedule, and nothing a staff member registers or retires.
 * (tenant-isolation.test.ts proves they see nothing of another organisation.)
 */

let ctx: TestContext;
let tenantA: Tenant;
let tenantB: Tenant;
const tokens = { manager: '', viewer: '', limited: '', staff: '' };

beforeAll(async () => {
  ctx = await createTestApp();
  tenantA = await createTenant(ctx, 'A');
  tenantB = await createTenant(ctx, 'B');
  const signIn = async (account: { email: string; password: string }) =>
    (await ctx.signIn(account.email, account.password)).token;
  const organizationId = tenantA.organizationId;
  tokens.manager = await signIn(await ctx.createMember({ role: 'manager', organizationId }));
  tokens.viewer = await signIn(await ctx.createMember({ role: 'viewer', organizationId }));
  const limitedTo = [(tenantA.sites[0] as TenantSite).locationId];
  tokens.limited = await signIn(
    await ctx.createMember({ role: 'viewer', organizationId, locationIds: limitedTo }),
  );
  tokens.staff = await signIn(await ctx.createAccount({ profile: 'OPERADOR' }));
});
afterAll(() => ctx.close());

function as(
  who: keyof typeof tokens,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  return ctx.app.inject({
    method,
    url: `/api${url}`,
    ...(payload ? { payload } : {}),
    headers: { authorization: `Bearer ${tokens[who]}`, 'content-language': 'en-US' },
  });
}

const totalOf = async (who: keyof typeof tokens, url: string) =>
  ((await as(who, 'GET', url)).json() as { total: number }).total;

describe('a member’s fleet lists', () => {
  it('counts their organisation’s rows only, and their locations’ only when limited', async () => {
    const counts = async (who: keyof typeof tokens) => [
      await totalOf(who, '/organizations'),
      await totalOf(who, '/locations'),
      await totalOf(who, '/devices'),
      await totalOf(who, '/capsules'),
    ];
    expect(await counts('manager')).toEqual([1, 2, 2, 2]);
    expect(await counts('viewer')).toEqual([1, 2, 2, 2]);
    expect(await counts('limited')).toEqual([1, 1, 1, 1]);
    // Staff see every organisation's rows, the row counts' totals as before.
    const staff = await counts('staff');
    expect(staff.every((total) => total >= 2)).toBe(true);
    expect(staff[2]).toBeGreaterThanOrEqual(4);
  });

  it('shows their own organisation with the locations they may see counted', async () => {
    const page = (await as('limited', 'GET', '/organizations')).json() as {
      data: { organizationId: number; locationCount: number }[];
    };
    expect(page.data).toEqual([
      expect.objectContaining({ organizationId: tenantA.organizationId, locationCount: 1 }),
    ]);
    const own = await as('manager', 'GET', `/organizations/${tenantA.organizationId}`);
    expect(own.json()).toMatchObject({ organizationId: tenantA.organizationId, locationCount: 2 });
  });

  it('answers another organisation’s device as an unknown one: 404', async () => {
    const foreign = await as('manager', 'GET', `/devices/${(tenantB.sites[0] as TenantSite).deviceId}`);
    const unknown = await as('manager', 'GET', '/devices/99999999');
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'NOT_FOUND']);
    expect(foreign.json()).toEqual(unknown.json());
  });
});

describe('a member’s dashboard', () => {
  it('compares their own locations, and counts their shots only', async () => {
    const sites = async (who: keyof typeof tokens) =>
      (
        (await as(who, 'GET', '/dashboard/sites?groupBy=location')).json() as {
          data: { organizationId: number }[];
        }
      ).data.map((site) => site.organizationId);
    const own = tenantA.organizationId;
    expect(await sites('manager')).toEqual([own, own]);
    expect(await sites('limited')).toEqual([own]);
    // A member's sites are one organisation's: every sort is offered, and the total counts theirs only.
    const byDevices = '/dashboard/sites?groupBy=location&sort=activeDevices&perPage=10';
    expect([await totalOf('manager', byDevices), await totalOf('limited', byDevices)]).toEqual([2, 1]);
    expect(await totalOf('manager', '/dashboard/sites?sort=capsulesRunningOut')).toBe(1);
    expect((await as('staff', 'GET', byDevices)).statusCode).toBe(400);
    const shots = async (who: keyof typeof tokens) =>
      ((await as(who, 'GET', '/shots-fragrance')).json() as { shotsTotal: number }[]).reduce(
        (sum, row) => sum + row.shotsTotal,
        0,
      );
    expect([await shots('manager'), await shots('limited')]).toEqual([80, 40]);
    expect(await shots('staff')).toBeGreaterThanOrEqual(160);
  });
});

describe('a member’s writes', () => {
  const site = () => tenantA.sites[0] as TenantSite;

  it('lets a Manager change their location’s address and note, and nothing else', async () => {
    const location = (await as('manager', 'GET', `/locations/${site().locationId}`)).json() as {
      organizationId: number;
      name: string;
      timeZone: string;
    };
    const body = {
      organizationId: location.organizationId,
      name: location.name,
      timeZone: location.timeZone,
      address: { city: 'Campinas', street: 'Rua Nova, 10', country: 'BR' },
      note: 'Ring at the side door',
    };
    const saved = await as('manager', 'PUT', `/locations/${site().locationId}`, body);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ note: 'Ring at the side door' });

    const renamed = await as('manager', 'PUT', `/locations/${site().locationId}`, {
      ...body,
      name: 'Other name',
    });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().fields).toEqual([
      expect.objectContaining({ path: 'name', message: expect.stringContaining('Scentia') }),
    ]);
    const moved = await as('manager', 'PUT', `/locations/${site().locationId}`, {
      ...body,
      organizationId: tenantB.organizationId,
    });
    expect(moved.statusCode).toBe(400);
  });

  it('lets a Manager set their location’s schedule, and a Viewer nothing', async () => {
    const ranges = [{ weekday: 1, start: '10:00', end: '18:00', intensity: 60 }];
    const set = await as('manager', 'PUT', `/locations/schedule/${site().locationId}`, { ranges });
    expect(set.statusCode).toBe(200);
    expect(
      (await as('viewer', 'PUT', `/locations/schedule/${site().locationId}`, { ranges })).statusCode,
    ).toBe(403);
  });

  it('gives a Manager their device’s reset code, and a Viewer no door', async () => {
    // Not provisioned: the Manager reaches the device's own rule (409), past the scope.
    const manager = await as('manager', 'POST', `/devices/reset-code/${site().deviceId}`);
    expect([manager.statusCode, manager.json().code]).toEqual([409, 'DEVICE_NOT_PROVISIONED']);
    expect((await as('viewer', 'POST', `/devices/reset-code/${site().deviceId}`)).statusCode).toBe(403);
  });

  it('shows a location’s history with the staff named “Scentia”, never a staff name or address', async () => {
    const url = `/locations/${site().locationId}`;
    const location = (await as('staff', 'GET', url)).json() as { organizationId: number; name: string };
    const edit = {
      organizationId: location.organizationId,
      name: location.name,
      address: { city: 'Campinas', country: 'BR' },
    };
    const byStaff = await as('staff', 'PUT', url, { ...edit, note: 'Staff note' });
    expect(byStaff.statusCode, byStaff.body).toBe(200);
    expect((await as('manager', 'PUT', url, { ...edit, note: 'Manager note' })).statusCode).toBe(200);
    const history = await as('manager', 'GET', `/audit/history/location/${site().locationId}`);
    expect(history.statusCode).toBe(200);
    const events = history.json() as { actor: { name: string } | null; ip: string | null }[];
    const actors = new Set(events.map((event) => event.actor?.name));
    expect(actors.has('Scentia')).toBe(true);
    expect([...actors].some((name) => name?.startsWith('Pessoa'))).toBe(true);
    expect(events.every((event) => event.ip === null)).toBe(true);
    const staffName = (
      (await as('staff', 'GET', `/audit/history/location/${site().locationId}`)).json() as {
        actor: { name: string } | null;
      }[]
    ).map((event) => event.actor?.name);
    const staffOnly = staffName.filter((name) => name && !actors.has(name));
    expect(staffOnly.length).toBeGreaterThan(0);
    expect(history.body).not.toContain(staffOnly[0] as string);
    // Another organisation's location: as an unknown one.
    const foreign = await as(
      'manager',
      'GET',
      `/audit/history/location/${(tenantB.sites[0] as TenantSite).locationId}`,
    );
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'NOT_FOUND']);
  });

  it('keeps registering, retiring and deleting the staff’s', async () => {
    const refusals = [
      await as('manager', 'POST', '/devices', {}),
      await as('manager', 'DELETE', `/devices/${site().deviceId}`),
      await as('manager', 'PUT', `/devices/reprovision/${site().deviceId}`),
      await as('manager', 'POST', '/locations', {}),
      await as('manager', 'DELETE', `/locations/${site().locationId}`),
      await as('manager', 'PUT', `/organizations/${tenantA.organizationId}`, {}),
    ].map((response) => response.statusCode);
    expect(refusals).toEqual([403, 403, 403, 403, 403, 403]);
  });
});
