import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeviceFixture, type DeviceFixture, deviceWithCapsules, type Shot } from './device-fixture.ts';
import { createTestApp, type TestContext } from './test-app.ts';

/*
 * A dashboard slice opens the devices (a campaign's) or the capsules (a fragrance's) list with the
 * same filters: the rows' shots in the period must add up to the slice's number. Shots go in through
 * the device API, so every count read here is one ingestion kept.
 */
let ctx: TestContext;
let staffToken: string;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);
const addDays = (day: string, days: number) => isoDay(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);
/** An instant given as a wall-clock time of São Paulo (UTC−3 all year since 2019). */
const saoPaulo = (day: string, time: string) =>
  new Date(Date.parse(`${day}T${time}:00Z`) + 3 * HOUR_MS).toISOString();

/** The period's last day: three weeks back, so every shot is in the past. */
const TO = isoDay(Date.now() - 21 * DAY_MS);
const FROM = addDays(TO, -2);
const ZONE = 'America/Sao_Paulo';

beforeAll(async () => {
  ctx = await createTestApp({ ALERTS_INTERVAL_MINUTES: '1440' });
  const staff = await ctx.createAccount({ profile: 'OPERADOR' });
  staffToken = (await ctx.signIn(staff.email, staff.password)).token;
});
afterAll(() => ctx.close());

async function get<T>(path: string, params: Record<string, string | number | undefined>, status = 200) {
  const search = new URLSearchParams(
    Object.entries(params)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]): [string, string] => [key, String(value)]),
  );
  const response = await ctx.app.inject({
    method: 'GET',
    url: `${path}?${search}`,
    headers: { authorization: `Bearer ${staffToken}`, 'content-language': 'en-US' },
  });
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as T;
}

/** A device of the fixture with a capsule per fragrance in slots 1..n; `send` posts a batch. */
const deviceOf = (fixture: DeviceFixture, locationIndex = 0) =>
  deviceWithCapsules(fixture, 'LSP', locationIndex);

/**
 * Shots at the period's edges in São Paulo and in its middle: just inside and just outside both ends
 * (UTC hours that a UTC-day count would take or leave wrongly), on every slot.
 */
function shotsAround(seed: number): Shot[] {
  const instants = [
    saoPaulo(addDays(FROM, -1), '23:30'), // outside: before the first day
    saoPaulo(FROM, '00:30'), // inside: 03:30 UTC
    saoPaulo(addDays(FROM, 1), '12:00'),
    saoPaulo(TO, '22:30'), // inside: 01:30 UTC the next day
    saoPaulo(addDays(TO, 1), '00:30'), // outside: after the last day
  ];
  return instants.flatMap((at, index) =>
    [1, 2, 3].map((slot) => ({ at, slot, count: 1 + ((seed + index * 3 + slot) % 5) })),
  );
}

type CampaignAnswer = { campaignId: number; fragrances: { shotsTotalFragrance: number }[] };
type FragranceAnswer = { fragranceId: number | null; shotsTotal: number };
type Page<T> = { data: T[]; total: number };
type DeviceRow = { deviceId: number; shotsInPeriod: number | null };
type CapsuleRow = { capsuleId: number; shotsInPeriod: number | null };

const sumOf = (rows: { shotsInPeriod: number | null }[]) =>
  rows.reduce((sum, row) => sum + (row.shotsInPeriod ?? 0), 0);

describe('GET /api/devices and /api/capsules with a dashboard period', () => {
  let main: DeviceFixture;
  let other: DeviceFixture;

  beforeAll(async () => {
    main = await createDeviceFixture(ctx, { locations: 2, fragrances: 3 });
    other = await createDeviceFixture(ctx, { locations: 1, fragrances: 3 });
    const devices = [await deviceOf(main, 0), await deviceOf(main, 0), await deviceOf(main, 1)];
    for (const [index, device] of devices.entries()) await device.send(shotsAround(index));
    // Another organisation's campaign, shot in the same hours: never in the main one's numbers.
    await (await deviceOf(other, 0)).send(shotsAround(7));
  });

  const period = { from: FROM, to: TO, timeZone: ZONE };

  async function campaignSlice(filter: Record<string, string | number | undefined>) {
    const campaigns = await get<CampaignAnswer[]>('/api/shots-campaign', { ...period, ...filter });
    const campaign = campaigns.find((row) => row.campaignId === main.campaignId);
    return campaign?.fragrances.reduce((sum, fragrance) => sum + fragrance.shotsTotalFragrance, 0) ?? 0;
  }

  it("adds up each device's shots in the period to the campaign slice's number, ragged ends of the zone included", async () => {
    for (const filter of [
      {},
      { organizationId: main.organizationId },
      { organizationId: main.organizationId, locationId: main.locationIds[0] },
      { locationId: main.locationIds[1] },
    ]) {
      const slice = await campaignSlice(filter);
      const page = await get<Page<DeviceRow>>('/api/devices', {
        ...period,
        ...filter,
        campaignId: main.campaignId,
        perPage: 50,
      });
      expect(slice).toBeGreaterThan(0);
      expect(sumOf(page.data), JSON.stringify(filter)).toBe(slice);
    }
  });

  it('counts only the period: the same days read as UTC days would take other hours', async () => {
    const inZone = await get<Page<DeviceRow>>('/api/devices', { ...period, campaignId: main.campaignId });
    const inUtc = await get<Page<DeviceRow>>('/api/devices', {
      ...period,
      timeZone: 'UTC',
      campaignId: main.campaignId,
    });
    expect(sumOf(inUtc.data)).not.toBe(sumOf(inZone.data));
    expect(sumOf(inUtc.data)).toBe(await campaignSlice({ timeZone: 'UTC' }));
  });

  it("adds up each capsule's shots in the period (UTC days) to the fragrance slice's number", async () => {
    for (const fragranceId of main.fragranceIds) {
      for (const filter of [{ organizationId: main.organizationId }, { locationId: main.locationIds[0] }]) {
        const fragrances = await get<FragranceAnswer[]>('/api/shots-fragrance', {
          ...period,
          timeZone: 'UTC',
          ...filter,
        });
        const slice = fragrances.find((row) => row.fragranceId === fragranceId)?.shotsTotal ?? 0;
        const page = await get<Page<CapsuleRow>>('/api/capsules', {
          from: FROM,
          to: TO,
          ...filter,
          fragranceId,
          perPage: 50,
        });
        expect(slice).toBeGreaterThan(0);
        expect(sumOf(page.data), JSON.stringify({ fragranceId, ...filter })).toBe(slice);
      }
    }
  });

  it('filters capsules by the organisation and location of the device they are in', async () => {
    const byOrganization = await get<Page<CapsuleRow>>('/api/capsules', {
      organizationId: other.organizationId,
      perPage: 50,
    });
    expect(byOrganization.total).toBe(3);
    const byLocation = await get<Page<CapsuleRow>>('/api/capsules', {
      locationId: main.locationIds[1],
      perPage: 50,
    });
    expect(byLocation.total).toBe(3);
  });

  it('answers no count without a period, and zero for a row without shots in it', async () => {
    const plain = await get<Page<DeviceRow>>('/api/devices', { campaignId: main.campaignId });
    expect(plain.data.every((row) => row.shotsInPeriod === null)).toBe(true);
    const empty = await get<Page<DeviceRow>>('/api/devices', {
      from: addDays(TO, -300),
      to: addDays(TO, -200),
      campaignId: main.campaignId,
    });
    expect(empty.data.length).toBe(3);
    expect(empty.data.every((row) => row.shotsInPeriod === 0)).toBe(true);
  });

  it('refuses a reversed or too long period with a localised 400', async () => {
    for (const path of ['/api/devices', '/api/capsules']) {
      const reversed = await get<{ message: string }>(path, { from: TO, to: FROM }, 400);
      expect(JSON.stringify(reversed)).toContain('The end date must be on or after the start date.');
      await get(path, { from: addDays(TO, -400), to: TO }, 400);
      await get(path, { from: 'not-a-day', to: TO }, 400);
    }
    await get('/api/devices', { ...period, timeZone: 'Mars/Olympus' }, 400);
  });
});
