import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDeviceFixture } from './device-fixture.ts';
import { initiativeCallers } from './initiatives-fixture.ts';
import { createTestApp, type TestContext } from './test-app.ts';

let ctx: TestContext;
let callers: Awaited<ReturnType<typeof initiativeCallers>>;

beforeAll(async () => {
  // The configuration is asked at instants the test moves back and forth; a view kept by the instance is
  // right only while time moves forward (it is kept until the location's next midnight), so none is kept.
  ctx = await createTestApp({ DEVICE_VIEW_CACHE_ENTRIES: '0' });
  callers = await initiativeCallers(ctx);
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(() => ctx.close());

/** A second campaign for the initiative, with one slot of the fixture's first fragrance. */
async function initiativeCampaign(fragranceId: number): Promise<number> {
  const [row] = await ctx.query<{ id: number }>(
    sql`insert into campaigns (name) values (${`Ativação ${Date.now()}`}) returning id`,
  );
  const id = row?.id ?? 0;
  await ctx.query(
    sql`insert into campaign_slots (campaign_id, slot, fragrance_id) values (${id}, 1, ${fragranceId})`,
  );
  return id;
}

describe('GET /api/device/config with initiatives', () => {
  it('plays an approved initiative’s campaign on its dates in each location’s time zone, the device’s own outside them', async () => {
    const fixture = await createDeviceFixture(ctx, { locations: 2 });
    const [saoPaulo, tokyo] = fixture.locationIds as [number, number];
    await ctx.query(sql`update locations set time_zone = 'America/Sao_Paulo' where id = ${saoPaulo}`);
    await ctx.query(sql`update locations set time_zone = 'Asia/Tokyo' where id = ${tokyo}`);
    const inSaoPaulo = await fixture.createDevice({ locationId: saoPaulo });
    const inTokyo = await fixture.createDevice({ locationId: tokyo });
    const campaignId = await initiativeCampaign(fixture.fragranceIds[0] ?? 0);

    const created = await callers.as('staff', {
      method: 'POST',
      url: '/api/initiatives',
      payload: {
        title: 'Dias do Perfume',
        organizationId: fixture.organizationId,
        locationIds: [saoPaulo, tokyo],
        campaignId,
        startsOn: '2030-06-10',
        endsOn: '2030-06-12',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().initiativeId;

    const configAt = async (device: { credential: string }, instant: string) => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(instant));
      const response = await fixture.call(device.credential, { method: 'GET', url: '/api/device/config' });
      vi.useRealTimers();
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as {
        version: string;
        campaign: { campaignId: number; initiativeId: number | null };
      };
    };
    // In review: nothing changes, even on its dates.
    const inReview = await configAt(inTokyo, '2030-06-11T03:00:00Z');
    expect(inReview.campaign).toMatchObject({ campaignId: fixture.campaignId, initiativeId: null });

    const approved = await callers.as('admin', { method: 'PUT', url: `/api/initiatives/approve/${id}` });
    expect(approved.statusCode, approved.body).toBe(200);

    // 2030-06-09 16:00 UTC: 06-10 01:00 in Tokyo (its first day), 06-09 13:00 in São Paulo (the day before).
    const first = '2030-06-09T16:00:00Z';
    const tokyoFirst = await configAt(inTokyo, first);
    expect(tokyoFirst.campaign).toMatchObject({ campaignId, initiativeId: id });
    expect(tokyoFirst.version).not.toBe(inReview.version);
    expect((await configAt(inSaoPaulo, first)).campaign).toMatchObject({
      campaignId: fixture.campaignId,
      initiativeId: null,
    });
    // 2030-06-12 20:00 UTC: 06-13 05:00 in Tokyo (over), 06-12 17:00 in São Paulo (its last day).
    const last = '2030-06-12T20:00:00Z';
    expect((await configAt(inTokyo, last)).campaign).toMatchObject({ campaignId: fixture.campaignId });
    expect((await configAt(inSaoPaulo, last)).campaign).toMatchObject({ campaignId, initiativeId: id });
    // São Paulo's first day starts at 03:00 UTC; a minute before it is still the day before there.
    expect((await configAt(inSaoPaulo, '2030-06-10T02:59:00Z')).campaign.campaignId).toBe(fixture.campaignId);
    expect((await configAt(inSaoPaulo, '2030-06-10T03:00:00Z')).campaign.campaignId).toBe(campaignId);

    // Set inactive, it plays no more.
    await callers.as('admin', { method: 'PUT', url: `/api/initiatives/deactivate/${id}` });
    const after = await configAt(inTokyo, first);
    expect(after.campaign).toMatchObject({ campaignId: fixture.campaignId, initiativeId: null });
    expect(after.version).toBe(inReview.version);
  });
});

describe('the overlap rule', () => {
  async function ground() {
    const fixture = await createDeviceFixture(ctx, { locations: 2 });
    const other = await initiativeCampaign(fixture.fragranceIds[0] ?? 0);
    return { fixture, campaigns: [fixture.campaignId, other] as const };
  }

  async function propose(
    g: Awaited<ReturnType<typeof ground>>,
    title: string,
    campaignIndex: 0 | 1,
    startsOn: string,
    endsOn: string,
    locationIds = [g.fixture.locationIds[0]],
  ): Promise<number> {
    const response = await callers.as('staff', {
      method: 'POST',
      url: '/api/initiatives',
      payload: {
        title,
        organizationId: g.fixture.organizationId,
        locationIds,
        campaignId: g.campaigns[campaignIndex],
        startsOn,
        endsOn,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().initiativeId;
  }
  const approve = (id: number, language = 'en-US') =>
    callers.as('admin', {
      method: 'PUT',
      url: `/api/initiatives/approve/${id}`,
      headers: { 'accept-language': language },
    });

  it('refuses to approve another campaign on a location on overlapping days (409 naming the clash); same campaign or other days pass', async () => {
    const g = await ground();
    const [locationName] = (
      await ctx.query<{ name: string }>(
        sql`select name from locations where id = ${g.fixture.locationIds[0]}`,
      )
    ).map((row) => row.name);
    const first = await propose(g, 'Primavera na Loja', 0, '2030-09-01', '2030-09-30');
    expect((await approve(first)).statusCode).toBe(200);

    const clashing = await propose(
      g,
      'Setembro Amadeirado',
      1,
      '2030-09-30',
      '2030-10-15',
      g.fixture.locationIds,
    );
    const refused = await approve(clashing, 'pt-BR');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('INITIATIVE_OVERLAP');
    expect(refused.json().message).toContain('Primavera na Loja');
    expect(refused.json().message).toContain(locationName);
    const [state] = await ctx.query<{ status: string }>(
      sql`select status from initiatives where id = ${clashing}`,
    );
    expect(state?.status).toBe('inReview');

    const sameCampaign = await propose(g, 'Primavera Prolongada', 0, '2030-09-15', '2030-10-15');
    expect((await approve(sameCampaign)).statusCode).toBe(200);
    const otherDays = await propose(g, 'Novembro Amadeirado', 1, '2030-10-16', '2030-11-15');
    expect((await approve(otherDays)).statusCode).toBe(200);
    const otherLocation = await propose(g, 'Setembro ao lado', 1, '2030-09-01', '2030-09-30', [
      g.fixture.locationIds[1],
    ]);
    expect((await approve(otherLocation)).statusCode).toBe(200);

    // Once the first is inactive, the clash is gone (the other campaign's initiatives are then approved).
    await callers.as('admin', { method: 'PUT', url: `/api/initiatives/deactivate/${first}` });
    await callers.as('admin', { method: 'PUT', url: `/api/initiatives/deactivate/${sameCampaign}` });
    expect((await approve(clashing)).statusCode).toBe(200);
  });

  it('lets exactly one of two clashing approvals sent at once win', async () => {
    const g = await ground();
    for (let round = 0; round < 4; round += 1) {
      const month = String(round + 1).padStart(2, '0');
      const a = await propose(
        g,
        `Corrida A ${round}`,
        0,
        `2031-${month}-01`,
        `2031-${month}-20`,
        g.fixture.locationIds,
      );
      const b = await propose(g, `Corrida B ${round}`, 1, `2031-${month}-10`, `2031-${month}-28`, [
        g.fixture.locationIds[1],
        g.fixture.locationIds[0],
      ]);
      const answers = await Promise.all([approve(a), approve(b)]);
      expect(answers.map((answer) => answer.statusCode).sort(), answers.map((x) => x.body).join()).toEqual([
        200, 409,
      ]);
      const approved = await ctx.query<{ id: number }>(
        sql`select id from initiatives where id in (${a}, ${b}) and status = 'approved'`,
      );
      expect(approved).toHaveLength(1);
    }
  });
});
