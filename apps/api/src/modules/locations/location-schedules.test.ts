import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deviceGround, insertDevice } from '../../../test/device-fixtures.ts';
import { expectStaleSaveRefused, staffSession } from '../../../test/resource-tests.ts';

const session = staffSession();
const { call } = session;

const overnight = { ranges: [{ weekday: 5, start: '22:00', end: '02:00', intensity: 120 }] };

async function scheduleOf(id: number) {
  const [row] = await session.ctx.query<{ schedule: unknown }>(
    sql`select schedule from locations where id = ${id}`,
  );
  return row?.schedule;
}

describe('PUT /api/locations/schedule/{id}', () => {
  it('sets an active location’s schedule (a range crossing midnight), recorded in its history', async () => {
    const { locationId } = await deviceGround(session.ctx);
    const response = await call('PUT', `/api/locations/schedule/${locationId}`, overnight);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ locationId, schedule: overnight });
    const events = await session.ctx.query<{ action: string }>(sql`
      select e.action from audit_events e join audit_changes c on c.event_id = e.id
      where e.record_type = 'location' and e.record_id = ${String(locationId)} and c.after ? 'schedule'`);
    expect(events.map((event) => event.action)).toContain('putLocationsScheduleById');
  });

  it('refuses overlapping ranges (400) and an inactive location (409 RECORD_INACTIVE)', async () => {
    const { locationId } = await deviceGround(session.ctx);
    const overlapping = await call('PUT', `/api/locations/schedule/${locationId}`, {
      ranges: [...overnight.ranges, { weekday: 6, start: '01:00', end: '03:00', intensity: 1 }],
    });
    expect(overlapping.statusCode).toBe(400);
    expect(overlapping.json().fields[0]).toMatchObject({ path: 'ranges.1' });
    await session.ctx.query(sql`update locations set deleted_at = now() where id = ${locationId}`);
    const inactive = await call('PUT', `/api/locations/schedule/${locationId}`, overnight);
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json().code).toBe('RECORD_INACTIVE');
    expect((await call('PUT', '/api/locations/schedule/99999999', overnight)).statusCode).toBe(404);
  });

  it('refuses a save based on an older version of the location (409 STALE_RECORD), changing nothing', async () => {
    const { locationId } = await deviceGround(session.ctx);
    const { updatedAt } = (await call('GET', `/api/locations/${locationId}`)).json();
    const evening = { ranges: [{ weekday: 1, start: '18:00', end: '20:00', intensity: 30 }] };
    await expectStaleSaveRefused(
      call,
      `/api/locations/schedule/${locationId}`,
      [overnight, evening],
      updatedAt,
      `/api/locations/${locationId}`,
    );
    expect(await scheduleOf(locationId)).toEqual(evening);
  });
});

describe('POST /api/locations/schedule-copy', () => {
  it('copies one location’s schedule onto every target in one action', async () => {
    const from = await deviceGround(session.ctx);
    const first = await deviceGround(session.ctx);
    const second = await deviceGround(session.ctx);
    expect((await call('PUT', `/api/locations/schedule/${from.locationId}`, overnight)).statusCode).toBe(200);
    const response = await call('POST', '/api/locations/schedule-copy', {
      fromLocationId: from.locationId,
      toLocationIds: [first.locationId, second.locationId],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ copied: 2 });
    expect(await scheduleOf(first.locationId)).toEqual(overnight);
    expect(await scheduleOf(second.locationId)).toEqual(overnight);
  });

  it('is atomic: one inactive or unknown target refuses the copy on its field, and nothing changes', async () => {
    const from = await deviceGround(session.ctx);
    const good = await deviceGround(session.ctx);
    const retired = await deviceGround(session.ctx);
    await call('PUT', `/api/locations/schedule/${from.locationId}`, overnight);
    await session.ctx.query(sql`update locations set deleted_at = now() where id = ${retired.locationId}`);
    const response = await call('POST', '/api/locations/schedule-copy', {
      fromLocationId: from.locationId,
      toLocationIds: [good.locationId, retired.locationId, 99_999_999],
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().fields.map((field: { path: string }) => field.path)).toEqual([
      'toLocationIds.1',
      'toLocationIds.2',
    ]);
    expect(await scheduleOf(good.locationId)).toEqual({ ranges: [] });

    const duplicate = await call('POST', '/api/locations/schedule-copy', {
      fromLocationId: from.locationId,
      toLocationIds: [good.locationId, good.locationId],
    });
    expect(duplicate.statusCode).toBe(400);
    const onto = await call('POST', '/api/locations/schedule-copy', {
      fromLocationId: from.locationId,
      toLocationIds: [from.locationId],
    });
    expect(onto.statusCode).toBe(400);
  });
});

describe('devices hold their location and campaign', () => {
  it('a location with active devices is not deactivated (409 naming their MACs), nor deleted while any refers to it', async () => {
    const ground = await deviceGround(session.ctx);
    const { deviceId } = await insertDevice(session.ctx, ground, '0AB1C2D3E4F5');
    const refused = await call('DELETE', `/api/locations/${ground.locationId}`, undefined, 'en-US');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'LOCATION_HAS_DEVICES',
      message: expect.stringContaining('0A:B1:C2:D3:E4:F5'),
    });
    await session.ctx.query(sql`update devices set deleted_at = now() where id = ${deviceId}`);
    expect((await call('DELETE', `/api/locations/${ground.locationId}`)).statusCode).toBe(204);
    const kept = await call('DELETE', `/api/locations/${ground.locationId}?hardDelete=true`);
    expect(kept.statusCode).toBe(409);
    expect(kept.json().code).toBe('LOCATION_HAS_DEVICES');
  });

  it('a campaign played by an active device is not deactivated (409 naming it), nor deleted while any refers to it', async () => {
    const ground = await deviceGround(session.ctx);
    const { deviceId } = await insertDevice(session.ctx, ground, '0CB1C2D3E4F5');
    const refused = await call('DELETE', `/api/campaigns/${ground.campaignId}`, undefined, 'en-US');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'CAMPAIGN_HAS_DEVICES',
      message: expect.stringContaining('0C:B1:C2:D3:E4:F5'),
    });
    await session.ctx.query(sql`update devices set deleted_at = now() where id = ${deviceId}`);
    expect((await call('DELETE', `/api/campaigns/${ground.campaignId}`)).statusCode).toBe(204);
    const kept = await call('DELETE', `/api/campaigns/${ground.campaignId}?hardDelete=true`);
    expect(kept.statusCode).toBe(409);
    expect(kept.json().code).toBe('CAMPAIGN_HAS_DEVICES');
  });
});
