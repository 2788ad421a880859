import { DASHBOARD_TOP_CAMPAIGNS, DASHBOARD_TOP_FRAGRANCES } from '@scentia/shared/dashboard.schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeviceFixture, type DeviceFixture, deviceWithCapsules, type Shot } from './device-fixture.ts';
import { createTestApp, type TestContext } from './test-app.ts';
import { firstSheetOf } from './xlsx.ts';

/*
 * The dashboard's totals against shots sent through the device API: every figure must equal the raw
 * shots of the period, though the dashboard reads only the counts ingestion keeps.
 */
let ctx: TestContext;
let staffToken: string;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);
const addDays = (day: string, days: number) => isoDay(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);
/** An instant given as a wall-clock time of a zone `offsetHours` off UTC (neither zone below keeps summer time). */
const wallClock = (day: string, time: string, offsetHours: number) =>
  new Date(Date.parse(`${day}T${time}:00Z`) - offsetHours * HOUR_MS).toISOString();

/** The day the period tests end on: three weeks back, so every shot is in the past. */
const BASE_DAY = isoDay(Date.now() - 21 * DAY_MS);

beforeAll(async () => {
  ctx = await createTestApp({ ALERTS_INTERVAL_MINUTES: '1440' });
  const staff = await ctx.createAccount({ profile: 'OPERADOR' });
  staffToken = (await ctx.signIn(staff.email, staff.password)).token;
});
afterAll(() => ctx.close());

function get(url: string, language = 'pt-BR') {
  return ctx.app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${staffToken}`, 'content-language': language },
  });
}

const query = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(
    Object.entries(params)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]): [string, string] => [key, String(value)]),
  ).toString();

/** A device of the fixture with full capsules in slots 1..n, shooting through the device API. */
const deviceOf = (fixture: DeviceFixture, locationIndex = 0) =>
  deviceWithCapsules(fixture, 'DSH', locationIndex);

/** The raw shots of an organisation in [start, end), per fragrance: what the dashboard must answer. */
async function rawShots(organizationId: number, start: string, end: string) {
  const rows = await ctx.query<{ fragranceId: number; shots: number }>(sql`
    select s.fragrance_id as "fragranceId", sum(s.count)::int as shots from shots s
    join locations l on l.id = s.location_id
    where l.organization_id = ${organizationId} and s.shot_at >= ${start}::timestamptz and s.shot_at < ${end}::timestamptz
    group by s.fragrance_id order by s.fragrance_id`);
  return new Map(rows.map((row) => [row.fragranceId, row.shots]));
}

type FragranceAnswer = { fragranceId: number | null; fragranceName: string; shotsTotal: number };
type CampaignAnswer = {
  campaignId: number;
  campaignName: string;
  fragrances: { fragranceId: number | null; fragranceName: string; shotsTotalFragrance: number }[];
};

async function fragranceTotals(params: Record<string, string | number | undefined>) {
  const response = await get(`/api/shots-fragrance?${query(params)}`);
  expect(response.statusCode, response.body).toBe(200);
  const answer = response.json() as FragranceAnswer[];
  return new Map(answer.map((row) => [row.fragranceId, row.shotsTotal]));
}

describe('GET /api/shots-campaign and /api/shots-fragrance', () => {
  let fixture: DeviceFixture;

  beforeAll(async () => {
    fixture = await createDeviceFixture(ctx, { locations: 2, fragrances: 4 });
  });

  it('answers the shots sent through the device API, a replayed batch once, and leaves zero totals out', async () => {
    const first = await deviceOf(fixture, 0);
    const second = await deviceOf(fixture, 1);
    const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * HOUR_MS).toISOString();
    const batch = [
      { at: at(30), slot: 1, count: 5 },
      { at: at(5), slot: 2, count: 7 },
      { at: at(2), slot: 1, count: 1 },
    ];
    const sent = await first.send(batch);
    expect((await first.send(batch, sent.sequence)).isNew).toBe(false);
    await second.send([
      { at: at(50), slot: 2, count: 4 },
      { at: at(3), slot: 3, count: 2 },
    ]);
    const [one, two, three, four] = fixture.fragranceIds as [number, number, number, number];

    const filter = { organizationId: fixture.organizationId };
    const fragrances = (await get(`/api/shots-fragrance?${query(filter)}`)).json() as FragranceAnswer[];
    expect(fragrances.map((row) => [row.fragranceId, row.shotsTotal])).toEqual([
      [two, 11],
      [one, 6],
      [three, 2],
    ]);
    expect(fragrances.map((row) => row.fragranceId)).not.toContain(four);

    const campaigns = (await get(`/api/shots-campaign?${query(filter)}`)).json() as CampaignAnswer[];
    expect(campaigns).toEqual([
      {
        campaignId: fixture.campaignId,
        campaignName: expect.any(String),
        fragrances: [
          { fragranceId: two, fragranceName: expect.any(String), shotsTotalFragrance: 11 },
          { fragranceId: one, fragranceName: expect.any(String), shotsTotalFragrance: 6 },
          { fragranceId: three, fragranceName: expect.any(String), shotsTotalFragrance: 2 },
        ],
      },
    ]);

    // One location, and the same answer with the raw shots gone: the counts are what is read.
    const onlySecond = await fragranceTotals({ locationId: fixture.locationIds[1] });
    expect([...onlySecond]).toEqual([
      [two, 4],
      [three, 2],
    ]);
    await ctx.query(sql`delete from shots where device_id in (${first.id}, ${second.id})`);
    expect([...(await fragranceTotals(filter))]).toEqual([
      [two, 11],
      [one, 6],
      [three, 2],
    ]);
    // An organisation or a location that does not exist has nothing: an empty answer.
    expect((await get('/api/shots-fragrance?organizationId=999999')).json()).toEqual([]);
    expect((await get('/api/shots-campaign?locationId=2147483647')).json()).toEqual([]);
    // A location of another organisation, with that organisation: nothing.
    expect(
      (await get(`/api/shots-fragrance?${query({ ...filter, locationId: 2147483646 })}`)).json(),
    ).toEqual([]);
  });
});

describe('the period: whole days of a time zone', () => {
  it.each([
    ['America/Sao_Paulo', -3],
    ['Asia/Tokyo', 9],
  ])(
    'counts a shot at 23:30 on the last day in %s, not one at 00:00 the day after',
    async (timeZone, offset) => {
      const fixture = await createDeviceFixture(ctx, { fragrances: 1 });
      const device = await deviceOf(fixture);
      const from = addDays(BASE_DAY, -6);
      const to = BASE_DAY;
      await device.send([
        { at: wallClock(addDays(from, -1), '23:59', offset), slot: 1, count: 1000 },
        { at: wallClock(from, '00:00', offset), slot: 1, count: 1 },
        { at: wallClock(addDays(from, 3), '12:00', offset), slot: 1, count: 10 },
        { at: wallClock(to, '23:30', offset), slot: 1, count: 100 },
        { at: wallClock(addDays(to, 1), '00:00', offset), slot: 1, count: 500 },
      ]);
      const params = { organizationId: fixture.organizationId, timeZone, from, to };
      expect([...(await fragranceTotals(params))]).toEqual([[fixture.fragranceIds[0], 111]]);
      // One day alone: the last, then the first (shorter than any whole UTC day in both zones).
      expect([...(await fragranceTotals({ ...params, from: to }))]).toEqual([[fixture.fragranceIds[0], 100]]);
      expect([...(await fragranceTotals({ ...params, to: from }))]).toEqual([[fixture.fragranceIds[0], 1]]);
      // Read in the other zone, the same shots fall otherwise.
      const otherZone = timeZone === 'Asia/Tokyo' ? 'America/Sao_Paulo' : 'Asia/Tokyo';
      const other = await fragranceTotals({ ...params, timeZone: otherZone });
      expect(other.get(fixture.fragranceIds[0] as number)).not.toBe(111);
    },
  );

  it('sums whole days and the hours at both ends to the raw shots of any period', async () => {
    const fixture = await createDeviceFixture(ctx, { fragrances: 3 });
    const device = await deviceOf(fixture);
    // Shots every 7 hours over 40 days, with counts that make each one tell.
    const shots: Shot[] = [];
    const firstShot = Date.parse(`${addDays(BASE_DAY, -40)}T00:17:00Z`);
    for (let index = 0; index * 7 * HOUR_MS < 40 * DAY_MS; index += 1)
      shots.push({
        at: new Date(firstShot + index * 7 * HOUR_MS).toISOString(),
        slot: (index % 3) + 1,
        count: 1 + (index % 13),
      });
    for (let index = 0; index < shots.length; index += 50) await device.send(shots.slice(index, index + 50));
    const periods: [string, number, number, number][] = [
      ['America/Sao_Paulo', -3, -35, -2],
      ['Asia/Tokyo', 9, -30, -1],
      ['UTC', 0, -20, -20],
      ['Asia/Tokyo', 9, -38, 0],
    ];
    for (const [timeZone, offset, fromDays, toDays] of periods) {
      const from = addDays(BASE_DAY, fromDays);
      const to = addDays(BASE_DAY, toDays);
      const start = wallClock(from, '00:00', offset);
      const end = wallClock(addDays(to, 1), '00:00', offset);
      const expected = await rawShots(fixture.organizationId, start, end);
      expect(expected.size).toBeGreaterThan(0);
      const answer = await fragranceTotals({ organizationId: fixture.organizationId, timeZone, from, to });
      expect(
        [...answer].sort(([a], [b]) => (a ?? 0) - (b ?? 0)),
        `${timeZone} ${from}..${to}`,
      ).toEqual([...expected]);
    }
  });

  it('reads a zone half an hour off UTC from the hours that contain the period’s ends', async () => {
    const fixture = await createDeviceFixture(ctx, { fragrances: 1 });
    const device = await deviceOf(fixture);
    const day = addDays(BASE_DAY, -3);
    // Asia/Calcutta (Kolkata) is UTC+5:30: the day starts at 18:30 UTC the day before, and the counts' hour
    // 18:00–19:00 UTC holds the shot at 18:10, 20 minutes before the day, too (docs/decisions/dashboard.md).
    await device.send([
      { at: `${addDays(day, -1)}T18:10:00.000Z`, slot: 1, count: 3 },
      { at: `${addDays(day, -1)}T17:50:00.000Z`, slot: 1, count: 50 },
      { at: `${day}T12:00:00.000Z`, slot: 1, count: 4 },
    ]);
    const totals = await fragranceTotals({
      organizationId: fixture.organizationId,
      timeZone: 'Asia/Calcutta',
      from: day,
      to: day,
    });
    expect([...totals]).toEqual([[fixture.fragranceIds[0], 7]]);
  });
});

describe('limit=true', () => {
  it(`keeps the ${DASHBOARD_TOP_FRAGRANCES} fragrances most fired and sums the rest as one localised slice`, async () => {
    const fixture = await createDeviceFixture(ctx, { fragrances: DASHBOARD_TOP_FRAGRANCES + 3 });
    const device = await deviceOf(fixture);
    const at = new Date(Date.now() - 2 * HOUR_MS).toISOString();
    // Slot n fires n shots: the three least fired are slots 1 to 3 (6 shots).
    await device.send(fixture.fragranceIds.map((_, index) => ({ at, slot: index + 1, count: index + 1 })));
    const filter = { organizationId: fixture.organizationId };
    const full = (await get(`/api/shots-fragrance?${query(filter)}`)).json() as FragranceAnswer[];
    expect(full).toHaveLength(DASHBOARD_TOP_FRAGRANCES + 3);
    for (const [language, others] of [
      ['pt-BR', 'Outras'],
      ['en-US', 'Others'],
      ['es-ES', 'Otras'],
    ] as const) {
      const limited = (
        await get(`/api/shots-fragrance?${query({ ...filter, limit: 'true' })}`, language)
      ).json() as FragranceAnswer[];
      expect(limited.slice(0, -1)).toEqual(full.slice(0, DASHBOARD_TOP_FRAGRANCES));
      expect(limited.at(-1)).toEqual({ fragranceId: null, fragranceName: others, shotsTotal: 1 + 2 + 3 });
    }
    const [campaign] = (
      await get(`/api/shots-campaign?${query({ ...filter, limit: 'true' })}`)
    ).json() as CampaignAnswer[];
    expect(campaign?.fragrances).toHaveLength(DASHBOARD_TOP_FRAGRANCES + 1);
    expect(campaign?.fragrances.at(-1)).toEqual({
      fragranceId: null,
      fragranceName: 'Outras',
      shotsTotalFragrance: 6,
    });
    expect(campaign?.fragrances.reduce((sum, slice) => sum + slice.shotsTotalFragrance, 0)).toBe(
      full.reduce((sum, row) => sum + row.shotsTotal, 0),
    );
  });

  it(`keeps the ${DASHBOARD_TOP_CAMPAIGNS} campaigns most fired`, async () => {
    // A day of its own, far back, holds only these campaigns' shots.
    const day = addDays(BASE_DAY, -60);
    const campaignIds: number[] = [];
    for (let index = 0; index < DASHBOARD_TOP_CAMPAIGNS + 2; index += 1) {
      const fixture = await createDeviceFixture(ctx, { fragrances: 1 });
      const device = await deviceOf(fixture);
      await device.send([{ at: `${day}T15:00:00.000Z`, slot: 1, count: 10 + index }]);
      campaignIds.push(fixture.campaignId);
    }
    const params = { from: day, to: day, timeZone: 'UTC' };
    const all = (await get(`/api/shots-campaign?${query(params)}`)).json() as CampaignAnswer[];
    expect(all.map((campaign) => campaign.campaignId)).toEqual([...campaignIds].reverse());
    const limited = (await get(`/api/shots-campaign?${query({ ...params, limit: 'true' })}`)).json();
    expect(limited).toEqual(all.slice(0, DASHBOARD_TOP_CAMPAIGNS));
  });
});

describe('the spreadsheet exports', () => {
  it('hold the charts’ rows, every fragrance, headed in the request’s language', async () => {
    const fixture = await createDeviceFixture(ctx, { fragrances: DASHBOARD_TOP_FRAGRANCES + 2 });
    const device = await deviceOf(fixture);
    const at = new Date(Date.now() - 3 * HOUR_MS).toISOString();
    await device.send(
      fixture.fragranceIds.map((_, index) => ({ at, slot: index + 1, count: 2 * index + 1 })),
    );
    const params = query({ organizationId: fixture.organizationId, limit: 'true' });
    const chart = (
      await get(`/api/shots-fragrance?${query({ organizationId: fixture.organizationId })}`)
    ).json();

    const fragranceFile = await get(`/api/export-shot-fragrance?${params}`, 'en-US');
    expect(fragranceFile.statusCode).toBe(200);
    expect(fragranceFile.headers['content-disposition']).toMatch(
      /shots-per-fragrance-\d{4}-\d{2}-\d{2}\.xlsx/,
    );
    const fragranceSheet = await firstSheetOf(fragranceFile);
    expect(fragranceSheet.header).toEqual(['Fragrance', 'Shots']);
    expect(fragranceSheet.rows).toEqual(
      (chart as FragranceAnswer[]).map((row) => [row.fragranceName, row.shotsTotal]),
    );
    expect(fragranceSheet.rows).toHaveLength(DASHBOARD_TOP_FRAGRANCES + 2);

    const campaigns = (
      await get(`/api/shots-campaign?${query({ organizationId: fixture.organizationId })}`)
    ).json() as CampaignAnswer[];
    const campaignSheet = await firstSheetOf(await get(`/api/export-shot-campaign?${params}`, 'es-ES'));
    expect(campaignSheet.header).toEqual(['Campaña', 'Fragancia', 'Disparos']);
    expect(campaignSheet.rows).toEqual(
      campaigns.flatMap((campaign) =>
        campaign.fragrances.map((slice) => [
          campaign.campaignName,
          slice.fragranceName,
          slice.shotsTotalFragrance,
        ]),
      ),
    );
  });
});

describe('refusals', () => {
  it.each([
    [
      '/api/shots-campaign',
      { from: '2026-03-10', to: '2026-03-09' },
      'A data final deve ser igual ou posterior à inicial.',
    ],
    [
      '/api/shots-fragrance',
      { from: '2025-01-01', to: '2026-01-02' },
      'Escolha um período de no máximo 366 dias.',
    ],
    ['/api/export-shot-fragrance', { from: '2020-01-01' }, 'Escolha um período de no máximo 366 dias.'],
    [
      '/api/dashboard/sites',
      { from: '2026-03-10', to: '2026-03-09' },
      'A data final deve ser igual ou posterior à inicial.',
    ],
    [
      '/api/dashboard/sites/export',
      { from: '2024-01-01', to: '2026-01-01' },
      'Escolha um período de no máximo 366 dias.',
    ],
    ['/api/shots-fragrance', { from: '2027-01-05' }, 'A data final deve ser igual ou posterior à inicial.'],
  ])('%s refuses the period %o with a localised 400', async (path, params, message) => {
    const response = await get(`${path}?${query(params)}`);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().fields).toEqual([{ path: 'to', message }]);
  });

  it.each([
    ['to=0052-02-29', 'to'],
    ['to=9999-12-31', 'to'],
    ['from=1999-12-31&to=2000-01-01', 'from'],
  ])('refuses %s, a day outside the years shots can have, naming the years', async (params, field) => {
    const response = await get(`/api/shots-fragrance?${params}&timeZone=Asia/Tokyo`);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().fields).toEqual([
      { path: field, message: 'Escolha um dia de um ano entre 2000 e 9998.' },
    ]);
  });

  it('takes a leap year’s 366 days', async () => {
    expect(
      (await get(`/api/shots-fragrance?${query({ from: '2024-01-01', to: '2024-12-31' })}`)).statusCode,
    ).toBe(200);
  });

  it.each([
    ['timeZone=Mars/Olympus', 'timeZone'],
    ['from=2026-02-30', 'from'],
    ['organizationId=abc', 'organizationId'],
    ['locationId=99999999999', 'locationId'],
    ['limit=yes', 'limit'],
    ['groupBy=city', 'groupBy'],
  ])('refuses %s, naming the field', async (params, field) => {
    const path = params.startsWith('groupBy') ? '/api/dashboard/sites' : '/api/shots-campaign';
    const response = await get(`${path}?${params}`, 'en-US');
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[0].path).toBe(field);
  });
});
