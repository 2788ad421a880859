import { type DashboardSite, type DashboardSitesPage, SITE_SORTS } from '@scentia/shared/dashboard.schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeviceFixture, type DeviceFixture } from './device-fixture.ts';
import { createTestApp, type TestContext } from './test-app.ts';
import { firstSheetOf } from './xlsx.ts';

/*
 * The sites compared: per organisation and per location, the period's shots (sent through the device
 * API) and the fleet as it is now: active devices, the offline ones, and capsules running out.
 */
let ctx: TestContext;
let staffToken: string;
let network: DeviceFixture;
let other: DeviceFixture;
let inactiveLocationId: number;
/** The network's shots sent: when and how many. */
const sent: { at: string; count: number }[] = [];

const HOUR_MS = 3_600_000;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR_MS).toISOString();
const todayIn = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
const inDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

function get(url: string, language = 'pt-BR') {
  return ctx.app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${staffToken}`, 'content-language': language },
  });
}

/** A provisioned device with one capsule per level given (slots 1..n); answers its id, capsule ids and a shot sender. */
async function device(fixture: DeviceFixture, locationIndex: number, levels: number[]) {
  const created = await fixture.createDevice({ locationId: fixture.locationIds[locationIndex] });
  const heartbeat = await fixture.call(created.credential, {
    method: 'POST',
    url: '/api/device/heartbeat',
    payload: {
      firmwareVersion: '1.0',
      capsules: levels.map((remainingShots, index) => ({
        slot: index + 1,
        serialNumber: `SIT-${created.id}-${index + 1}`,
        fragranceId: fixture.fragranceIds[index % fixture.fragranceIds.length],
        sizeShots: 1000,
        remainingShots,
      })),
    },
  });
  expect(heartbeat.statusCode, heartbeat.body).toBe(200);
  const capsules = await ctx.query<{ id: number; slot: number }>(
    sql`select id, slot from capsules where device_id = ${created.id} order by slot`,
  );
  const sendShots = async (sequence: number, shots: { at: string; slot: number; count: number }[]) => {
    const response = await fixture.call(created.credential, {
      method: 'POST',
      url: '/api/device/shots',
      payload: { sequence, shots },
    });
    expect(response.statusCode, response.body).toBe(200);
    await ctx.foldShots();
  };
  return { id: created.id, capsuleIds: capsules.map((row) => row.id), sendShots };
}

const forecast = (capsuleId: number, runsOutOn: string) =>
  ctx.query(sql`insert into capsule_forecasts (capsule_id, runs_out_on, shots_per_hour, computed_at)
    values (${capsuleId}, ${runsOutOn}::date, 1, now())
    on conflict (capsule_id) do update set runs_out_on = excluded.runs_out_on`);

beforeAll(async () => {
  // The alerts job (which rewrites forecasts) runs once at start-up, then not again during the file.
  ctx = await createTestApp({ ALERTS_INTERVAL_MINUTES: '1440' });
  const staff = await ctx.createAccount({ profile: 'OPERADOR' });
  staffToken = (await ctx.signIn(staff.email, staff.password)).token;
  const { jobs } = (await ctx.app.inject({ method: 'GET', url: '/api/health' })).json() as {
    jobs: { name: string }[];
  };
  if (jobs.some((job) => job.name === 'alerts')) await ctx.jobSettled('alerts');

  network = await createDeviceFixture(ctx, { locations: 4, fragrances: 2 });
  other = await createDeviceFixture(ctx, { locations: 1, fragrances: 1 });
  const today = todayIn('America/Sao_Paulo');

  // Location 0: one device heard from now (a capsule empty), one silent for two hours (a capsule
  // forecast to run out in 3 days, one in 30), one retired (its empty capsule does not count).
  const heard = await device(network, 0, [900, 0]);
  const heardShots = [
    { at: hoursAgo(1), slot: 1, count: 6 },
    { at: hoursAgo(30), slot: 1, count: 4 },
  ];
  await heard.sendShots(1, heardShots);
  const silent = await device(network, 0, [500, 500]);
  const silentShots = [{ at: hoursAgo(2), slot: 2, count: 5 }];
  await silent.sendShots(1, silentShots);
  sent.push(...heardShots, ...silentShots);
  await ctx.query(
    sql`update device_states set last_seen_at = now() - interval '2 hours' where device_id = ${silent.id}`,
  );
  await forecast(silent.capsuleIds[0] as number, inDays(today, 3));
  await forecast(silent.capsuleIds[1] as number, inDays(today, 30));
  const retired = await device(network, 0, [0]);
  await ctx.query(sql`update devices set deleted_at = now() where id = ${retired.id}`);
  // Location 1: a device never connected. Location 2: nothing. Location 3: inactive.
  await network.createDevice({ locationId: network.locationIds[1], isProvisioned: false });
  inactiveLocationId = network.locationIds[3] as number;
  await ctx.query(sql`update locations set deleted_at = now() where id = ${inactiveLocationId}`);

  const elsewhere = await device(other, 0, [800]);
  await elsewhere.sendShots(1, [{ at: hoursAgo(3), slot: 1, count: 7 }]);
});
afterAll(() => ctx.close());

async function page(params: Record<string, string>): Promise<DashboardSitesPage> {
  const response = await get(`/api/dashboard/sites?${new URLSearchParams(params)}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The sites on one page of 50 (every one, in these tests). */
async function sites(params: Record<string, string>): Promise<DashboardSite[]> {
  return (await page({ perPage: '50', ...params })).data;
}

describe('GET /api/dashboard/sites', () => {
  it('lists every active location of the organisation with its shots, devices and capsules running out', async () => {
    const rows = await sites({ organizationId: String(network.organizationId), groupBy: 'location' });
    const byLocation = new Map(rows.map((row) => [row.locationId, row]));
    expect(rows).toHaveLength(3);
    expect(byLocation.has(inactiveLocationId)).toBe(false);
    expect(byLocation.get(network.locationIds[0] as number)).toMatchObject({
      organizationId: network.organizationId,
      shots: 15,
      activeDevices: 2,
      offlineDevices: 1,
      capsulesRunningOut: 2,
    });
    expect(byLocation.get(network.locationIds[1] as number)).toMatchObject({
      shots: 0,
      activeDevices: 1,
      offlineDevices: 1,
      capsulesRunningOut: 0,
    });
    expect(byLocation.get(network.locationIds[2] as number)).toMatchObject({
      shots: 0,
      activeDevices: 0,
      offlineDevices: 0,
      capsulesRunningOut: 0,
    });
  });

  it('answers a member of the organisation what it answers the staff asking for it, empty capsules counted', async () => {
    const manager = await ctx.createMember({ role: 'manager', organizationId: network.organizationId });
    const { token } = await ctx.signIn(manager.email, manager.password);
    const asMember = async (query: string) => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/dashboard/sites?perPage=50&${query}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as DashboardSitesPage).data;
    };
    const staffFor = (query: string) =>
      sites({
        organizationId: String(network.organizationId),
        ...Object.fromEntries(new URLSearchParams(query)),
      });
    for (const query of [
      'groupBy=location',
      'groupBy=organization',
      'groupBy=location&sort=capsulesRunningOut',
    ])
      expect(await asMember(query), query).toEqual(await staffFor(query));
    const byLocation = new Map((await asMember('groupBy=location')).map((row) => [row.locationId, row]));
    // The heard device's empty capsule and the silent one's forecast within the days.
    expect(byLocation.get(network.locationIds[0] as number)?.capsulesRunningOut).toBe(2);
  });

  it('sums an organisation’s locations, every active organisation listed, most shots first', async () => {
    const rows = await sites({});
    expect(rows.map((row) => [row.organizationId, row.locationId, row.shots])).toEqual([
      [network.organizationId, null, 15],
      [other.organizationId, null, 7],
    ]);
    expect(rows[0]).toMatchObject({
      activeDevices: 3,
      offlineDevices: 2,
      capsulesRunningOut: 2,
      locationName: null,
    });
    expect(rows[1]).toMatchObject({ activeDevices: 1, offlineDevices: 0, capsulesRunningOut: 0 });
    // One location: its organisation's row holds that location's figures only.
    expect(await sites({ locationId: String(network.locationIds[1]) })).toEqual([
      expect.objectContaining({ organizationId: network.organizationId, shots: 0, activeDevices: 1 }),
    ]);
    expect(await sites({ organizationId: '999999' })).toEqual([]);
  });

  it('counts the period’s shots only, the fleet as it is now', async () => {
    const today = todayIn('America/Sao_Paulo');
    const [row] = await sites({ organizationId: String(network.organizationId), from: today, to: today });
    // São Paulo keeps UTC-3 all year: its day starts at 03:00 UTC.
    const start = Date.parse(`${today}T03:00:00Z`);
    const expected = sent
      .filter((shot) => Date.parse(shot.at) >= start)
      .reduce((sum, shot) => sum + shot.count, 0);
    expect(expected).toBeLessThan(15);
    expect(row).toMatchObject({
      shots: expected,
      activeDevices: 3,
      offlineDevices: 2,
      capsulesRunningOut: 2,
    });
    const [old] = await sites({
      organizationId: String(network.organizationId),
      from: '2025-01-01',
      to: '2025-01-31',
    });
    expect(old).toMatchObject({ shots: 0, activeDevices: 3 });
  });

  it.each(SITE_SORTS.flatMap((sort) => (['asc', 'desc'] as const).map((order) => [sort, order] as const)))(
    'sorts by %s %s, ties by name then id',
    async (sort, order) => {
      const rows = await sites({
        organizationId: String(network.organizationId),
        groupBy: 'location',
        sort,
        order,
      });
      const sign = order === 'asc' ? 1 : -1;
      const byName = (a: DashboardSite, b: DashboardSite) =>
        ((a.locationName ?? '') < (b.locationName ?? '')
          ? -1
          : (a.locationName ?? '') > (b.locationName ?? '')
            ? 1
            : 0) || (a.locationId ?? 0) - (b.locationId ?? 0);
      const expected = [...rows].sort((a, b) =>
        sort === 'name' ? sign * byName(a, b) : sign * (a[sort] - b[sort]) || byName(a, b),
      );
      expect(rows.map((row) => row.locationId)).toEqual(expected.map((row) => row.locationId));
      // The figures differ enough for each sort to tell.
      expect(
        new Set(rows.map((row) => (sort === 'name' ? row.locationName : row[sort]))).size,
      ).toBeGreaterThan(1);
    },
  );
});

describe('GET /api/dashboard/sites/export', () => {
  it('holds the table’s rows in its order, headed in the request’s language', async () => {
    const params = new URLSearchParams({
      organizationId: String(network.organizationId),
      groupBy: 'location',
      sort: 'activeDevices',
    });
    const rows = await sites(Object.fromEntries(params));
    const file = await get(`/api/dashboard/sites/export?${params}`, 'en-US');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/sites-compared-\d{4}-\d{2}-\d{2}\.xlsx/);
    const sheet = await firstSheetOf(file);
    expect(sheet.header).toEqual([
      'Organization',
      'Location',
      'Shots',
      'Active devices',
      'Offline devices',
      'Capsules running out',
    ]);
    expect(sheet.rows).toEqual(
      rows.map((row) => [
        row.organizationName,
        row.locationName,
        row.shots,
        row.activeDevices,
        row.offlineDevices,
        row.capsulesRunningOut,
      ]),
    );
    const perOrganization = await firstSheetOf(await get('/api/dashboard/sites/export', 'es-ES'));
    expect(perOrganization.header).toEqual([
      'Organización',
      'Disparos',
      'Dispositivos activos',
      'Dispositivos sin conexión',
      'Cápsulas por agotarse',
    ]);
    expect(perOrganization.rows).toHaveLength(2);
  });
});

describe('GET /api/dashboard/sites, paged', () => {
  // 21 organisations more, without locations: 23 in all, the two with shots first.
  beforeAll(async () => {
    await ctx.query(sql`insert into organizations (name, legal_name, cnpj, city)
      select 'Paginada ' || lpad(i::text, 2, '0'), 'Paginada ' || i || ' Ltda',
        lpad((90000000 + i)::text, 8, '0') || '000100', 'Campinas'
      from generate_series(1, 21) i`);
  });

  async function pages(params: Record<string, string>) {
    const answers = [];
    for (let number = 1; number <= 3; number += 1)
      answers.push(await page({ ...params, page: String(number), perPage: '10' }));
    return answers;
  }

  it.each([
    ['shots', 'desc'],
    ['shots', 'asc'],
    ['name', 'asc'],
    ['name', 'desc'],
  ])('pages the whole fleet by %s %s as one list would have it, with its total', async (sort, order) => {
    const whole = await page({ sort, order, perPage: '50' });
    expect([whole.total, whole.totalPages, whole.data.length]).toEqual([23, 1, 23]);
    const answers = await pages({ sort, order });
    expect(answers.map((answer) => [answer.data.length, answer.total, answer.totalPages])).toEqual([
      [10, 23, 3],
      [10, 23, 3],
      [3, 23, 3],
    ]);
    // Figures and order alike: each page's rows are the whole list's, cut.
    expect(answers.flatMap((answer) => answer.data)).toEqual(whole.data);
  });

  it('puts the most shots first, the figures of a page’s sites read for them', async () => {
    const [first] = await pages({});
    expect(first?.data.slice(0, 2).map((row) => [row.organizationId, row.shots, row.activeDevices])).toEqual([
      [network.organizationId, 15, 3],
      [other.organizationId, 7, 1],
    ]);
    expect(first?.data.slice(2).every((row) => row.shots === 0 && row.activeDevices === 0)).toBe(true);
  });

  it('answers a page past the end with no rows and the total', async () => {
    expect(await page({ page: '4', perPage: '10' })).toEqual({ data: [], total: 23, totalPages: 3 });
    const byLocation = await page({
      organizationId: String(network.organizationId),
      groupBy: 'location',
      sort: 'capsulesRunningOut',
      page: '2',
      perPage: '10',
    });
    expect(byLocation).toEqual({ data: [], total: 3, totalPages: 1 });
  });

  it('refuses a device or capsule sort over the whole fleet, in the request’s language', async () => {
    for (const sort of ['activeDevices', 'offlineDevices', 'capsulesRunningOut']) {
      for (const path of ['/api/dashboard/sites', '/api/dashboard/sites/export']) {
        const response = await get(`${path}?sort=${sort}&groupBy=location`, 'en-US');
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json().fields).toEqual([
          {
            path: 'sort',
            message:
              'Choose an organization to sort the sites by devices or capsules; across the whole fleet, sort by name or by shots.',
          },
        ]);
      }
    }
    // Within one organisation (or one location), every sort is offered.
    const location = String(network.locationIds[0]);
    expect((await page({ sort: 'offlineDevices', locationId: location })).data).toHaveLength(1);
  });

  it.each([
    ['page=0', 'page'],
    ['perPage=15', 'perPage'],
    ['perPage=100', 'perPage'],
    ['page=abc', 'page'],
  ])('refuses %s, naming the field', async (params, field) => {
    const response = await get(`/api/dashboard/sites?${params}`, 'en-US');
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[0].path).toBe(field);
  });

  it('exports every site, whatever page the table shows', async () => {
    const sheet = await firstSheetOf(await get('/api/dashboard/sites/export?sort=name&page=2&perPage=10'));
    const whole = await page({ sort: 'name', perPage: '50' });
    expect(sheet.rows.map((row) => row[0])).toEqual(whole.data.map((row) => row.organizationName));
  });
});
