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
  it('moves a chunk to another campaign at once, each device keeping its location', async () => {
    const fixture = await fleet();
    const [from, to] = fixture.locationIds as [number, number];
    const devices = [
      await fixture.createDevice({ locationId: from, isProvisioned: false }),
      await fixture.createDevice({ locationId: to, isProvisioned: false }),
    ];
    const [campaign] = await session.ctx.query<{ id: number }>(
      sql`insert into campaigns (name) values (${`Campanha lote ${Date.now()}`}) returning id`,
    );
    const campaignId = Number(campaign?.id);
    const actionId = '9a2f1c3e-5b7d-4e8f-9a1b-2c3d4e5f6a7b';
    const response = await call('POST', '/api/devices/bulk', {
      action: 'move',
      ids: devices.map((device) => device.id),
      values: { campaignId },
      actionId,
    });
    expect(response.json().results.map((result: { outcome: string }) => result.outcome)).toEqual([
      'done',
      'done',
    ]);
    expect(await placeOf(devices[0]?.id as number)).toEqual({ location_id: from, campaign_id: campaignId });
    expect(await placeOf(devices[1]?.id as number)).toEqual({ location_id: to, campaign_id: campaignId });
    const events = await session.ctx.query<{ action: string }>(
      sql`select action from audit_events where request_id = ${actionId}`,
    );
    expect(events).toEqual([{ action: 'bulkMoveDevice' }, { action: 'bulkMoveDevice' }]);
  });

  it('retires a chunk, revoking each credential, and deletes for good only the retired ones', async () => {
    const fixture = await fleet();
    const provisioned = await fixture.createDevice({ isProvisioned: true });
    const retired = await fixture.createDevice({ isProvisioned: false });
    await call('DELETE', `/api/devices/${retired.id}`);
    const deactivated = await call('POST', '/api/devices/bulk', {
      action: 'deactivate',
      ids: [provisioned.id, retired.id],
    });
    expect(deactivated.json().results.map((result: { outcome: string }) => result.outcome)).toEqual([
      'done',
      'unchanged',
    ]);
    const [row] = await session.ctx.query<{ revoked: boolean }>(
      sql`select credential_hash is null and secret_ciphertext is null and deleted_at is not null as revoked
        from devices where id = ${provisioned.id}`,
    );
    expect(row?.revoked).toBe(true);
    const active = await fixture.createDevice({ isProvisioned: false });
    const deleted = await call('POST', '/api/devices/bulk', {
      action: 'delete',
      ids: [retired.id, active.id],
    });
    expect(deleted.json().results.map((result: { outcome: string }) => result.outcome)).toEqual([
      'done',
      'refused',
    ]);
    expect(await placeOf(retired.id)).toBeUndefined();
  });

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
