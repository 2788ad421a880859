import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDeviceFixture, type DeviceFixture } from './device-fixture.ts';
import { staffSession } from './resource-tests.ts';

const session = staffSession();
const { call } = session;

const placeOf = async (id: number) => {
  const [row] = await session.ctx.query<{ location_id: number; campaign_id: number }>(
    sql`select location_id, campaign_id from devices where id = ${id}`,
  );
  return row;
};

async function fleet(): Promise<DeviceFixture> {
  return createDeviceFixture(session.ctx, { locations: 2 });
}

describe('POST /api/devices/bulk with move', () => {
  it('moves each device to the location, one already there unchanged', async () => {
    const fixture = await fleet();
    const [from, to] = fixture.locationIds as [number, number];
    const moved = await fixture.createDevice({ locationId: from, isProvisioned: false });
    const there = await fixture.createDevice({ locationId: to, isProvisioned: false });
    const response = await call('POST', '/api/devices/bulk', {
      action: 'move',
      ids: [moved.id, there.id],
      values: { locationId: to },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().results).toEqual([
      { id: moved.id, name: expect.stringMatching(/^02:/), outcome: 'done', code: null, message: null },
      { id: there.id, name: expect.any(String), outcome: 'unchanged', code: null, message: null },
    ]);
    expect(await placeOf(moved.id)).toEqual({ location_id: to, campaign_id: fixture.campaignId });
  });

  it('refuses each row with the form’s rule when the location is inactive, moving nothing', async () => {
    const fixture = await fleet();
    const [from, to] = fixture.locationIds as [number, number];
    await session.ctx.query(sql`update locations set deleted_at = now() where id = ${to}`);
    const device = await fixture.createDevice({ locationId: from, isProvisioned: false });
    const response = await call(
      'POST',
      '/api/devices/bulk',
      { action: 'move', ids: [device.id], values: { locationId: to } },
      'en-US',
    );
    expect(response.json().results[0]).toMatchObject({
      outcome: 'refused',
      code: 'VALIDATION',
      message: expect.stringContaining('location'),
    });
    expect((await placeOf(device.id))?.location_id).toBe(from);
  });

  it('refuses a retired device with the single command’s code', async () => {
    const fixture = await fleet();
    const device = await fixture.createDevice({ isProvisioned: false });
    await call('DELETE', `/api/devices/${device.id}`);
    const response = await call('POST', '/api/devices/bulk', {
      action: 'move',
      ids: [device.id],
      values: { campaignId: fixture.campaignId + 100_000 },
    });
    expect(response.json().results[0]).toMatchObject({ outcome: 'refused', code: 'RECORD_INACTIVE' });
  });

  it('answers 400 for a move without a place or with an unknown field, before any row', async () => {
    const fixture = await fleet();
    const device = await fixture.createDevice({ isProvisioned: false });
    for (const values of [{}, { organizationId: 1 }, undefined]) {
      const response = await call(
        'POST',
        '/api/devices/bulk',
        { action: 'move', ids: [device.id], ...(values ? { values } : {}) },
        'en-US',
      );
      expect(response.statusCode, JSON.stringify(values)).toBe(400);
      expect(response.json().fields[0].path).toMatch(/^values/);
    }
  });
});
