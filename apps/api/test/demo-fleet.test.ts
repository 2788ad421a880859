import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { seedDemoFleet } from '../src/demo-data/seed-devices.ts';
import { deviceGround } from './device-fixtures.ts';
import { createTestApp, TEST_JWT_SECRET, type TestContext } from './test-app.ts';

/** The demo fleet as the devices list shows it: only a device that was provisioned has ever called. */
let ctx: TestContext;
let dataDir: string;
beforeAll(async () => {
  ctx = await createTestApp();
  dataDir = mkdtempSync(join(tmpdir(), 'scentia-demo-fleet-'));
  // Enough locations for the fleet to hold its device that never connected (the fifth).
  for (let site = 0; site < 6; site += 1) await deviceGround(ctx);
});
afterAll(async () => {
  await ctx.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the demo fleet', () => {
  it('gives a last contact only to provisioned devices, and shows the others as never connected', async () => {
    const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET: TEST_JWT_SECRET, DATA_DIR: dataDir });
    const seeded = await seedDemoFleet(ctx.db, config);
    expect(seeded.devices).toBeGreaterThanOrEqual(5);

    const devices = await ctx.query<{ id: number; is_provisioned: boolean; has_state: boolean }>(sql`
      select d.id, d.provisioned_at is not null as is_provisioned,
        exists (select 1 from device_states s where s.device_id = d.id) as has_state
      from devices d order by d.id`);
    expect(devices.filter((device) => device.has_state && !device.is_provisioned)).toEqual([]);
    const never = devices.filter((device) => !device.is_provisioned);
    expect(never).toHaveLength(1);

    const staff = await ctx.createAccount({ profile: 'OPERADOR' });
    const { token } = await ctx.signIn(staff.email, staff.password);
    const listed = await ctx.app.inject({
      method: 'GET',
      url: '/api/devices?connection=never',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const rows = (listed.json() as { data: { deviceId: number; lastSeenAt: string | null }[] }).data;
    expect(rows.map((row) => [row.deviceId, row.lastSeenAt])).toEqual(
      never.map((device) => [device.id, null]),
    );
  });
});
