import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { testMacAddress } from './device-fixtures.ts';
import type { KitSample, Recipe } from './kit-recipes.ts';
import type { TestContext } from './test-app.ts';

type Send = (request: InjectOptions) => Promise<LightMyRequestResponse>;

/**
 * The audit recipes of the back-office's device routes besides the kit's (reset code, user
 * disconnection, new provisioning, schedules) and of the location schedules, with the device sample
 * the kit's recipes create devices from.
 */
export function adminDeviceAuditRecipes(
  ctx: TestContext,
  send: Send,
  ground: { createOrganization: () => Promise<number>; createCampaign: () => Promise<number> },
) {
  let sequence = 0;

  async function createLocation(): Promise<number> {
    sequence += 1;
    const response = await send({
      method: 'POST',
      url: '/api/locations',
      payload: {
        organizationId: await ground.createOrganization(),
        name: `Loja Auditada ${sequence}`,
        address: { country: 'BR', city: 'Recife' },
        timeZone: 'America/Recife',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().locationId;
  }

  const deviceSample: KitSample = async () => ({
    payload: {
      macAddress: testMacAddress(),
      locationId: await createLocation(),
      campaignId: await ground.createCampaign(),
    },
  });

  async function createDevice(): Promise<number> {
    return (await registerDevice()).deviceId;
  }

  async function registerDevice(): Promise<{ deviceId: number; macAddress: string }> {
    const response = await send({ method: 'POST', url: '/api/devices', ...(await deviceSample()) });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  /** Provisions the device through the device API, with the key the server generated. */
  async function provision(macAddress: string): Promise<void> {
    const [row] = await ctx.query<{ key: string }>(
      sql`select value as key from settings where key = 'device_provisioning_key'`,
    );
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/device/provision',
      payload: { macAddress, provisioningKey: row?.key },
    });
    expect(response.statusCode, response.body).toBe(201);
  }

  async function linkUser(deviceId: number): Promise<number> {
    const person = await ctx.createAccount({ profile: 'USER' });
    await ctx.query(sql`update devices set user_id = ${person.id}, paired_at = now() where id = ${deviceId}`);
    return person.id;
  }

  const overnight = { ranges: [{ weekday: 5, start: '22:00', end: '02:00', intensity: 60 }] };
  const admin = (
    describe: string,
    prepare: () => Promise<{ request: InjectOptions; record: { type: string; id: number } }>,
  ): Recipe => ({
    describe,
    prepare: async () => ({ ...(await prepare()), caller: 'admin' }),
  });

  const recipes: Record<string, Recipe[]> = {
    'POST /api/devices/reset-code/{id}': [
      admin('shows a device’s reset code (a note: when it stops being current)', async () => {
        const { deviceId: id, macAddress } = await registerDevice();
        await provision(macAddress);
        return {
          request: { method: 'POST', url: `/api/devices/reset-code/${id}` },
          record: { type: 'device', id },
        };
      }),
    ],
    'PUT /api/devices/remove-user/{id}': [
      admin('disconnects the user linked to a device', async () => {
        const id = await createDevice();
        await linkUser(id);
        return {
          request: { method: 'PUT', url: `/api/devices/remove-user/${id}` },
          record: { type: 'device', id },
        };
      }),
    ],
    'PUT /api/remove-user/{id}': [
      admin('disconnects a user from their device', async () => {
        const id = await createDevice();
        const userId = await linkUser(id);
        return {
          request: { method: 'PUT', url: `/api/remove-user/${userId}` },
          record: { type: 'device', id },
        };
      }),
    ],
    'PUT /api/devices/reprovision/{id}': [
      admin('allows a device to provision itself again', async () => {
        const id = await createDevice();
        await ctx.query(sql`update devices set credential_hash = ${'a'.repeat(64)}, secret_ciphertext = 'v1.x.y.z',
          provisioned_at = now() where id = ${id}`);
        return {
          request: { method: 'PUT', url: `/api/devices/reprovision/${id}` },
          record: { type: 'device', id },
        };
      }),
    ],
    'PUT /api/devices/schedule/{id}': [
      admin('gives a device its own schedule', async () => {
        const id = await createDevice();
        return {
          request: { method: 'PUT', url: `/api/devices/schedule/${id}`, payload: { schedule: overnight } },
          record: { type: 'device', id },
        };
      }),
    ],
    'PUT /api/locations/schedule/{id}': [
      admin('sets a location’s schedule', async () => {
        const id = await createLocation();
        return {
          request: { method: 'PUT', url: `/api/locations/schedule/${id}`, payload: overnight },
          record: { type: 'location', id },
        };
      }),
    ],
    'POST /api/locations/schedule-copy': [
      admin('copies a location’s schedule onto another', async () => {
        const from = await createLocation();
        expect(
          (await send({ method: 'PUT', url: `/api/locations/schedule/${from}`, payload: overnight }))
            .statusCode,
        ).toBe(200);
        const id = await createLocation();
        return {
          request: {
            method: 'POST',
            url: '/api/locations/schedule-copy',
            payload: { fromLocationId: from, toLocationIds: [id] },
          },
          record: { type: 'location', id },
        };
      }),
    ],
  };
  return { deviceSample, recipes };
}
