import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { fromBase32, oneTimeCodeAt } from '../src/lib/one-time-codes.ts';
import { createDeviceFixture, type DeviceFixture } from './device-fixture.ts';
import type { Recipe } from './kit-recipes.ts';
import type { TestContext } from './test-app.ts';

/**
 * Operations of the device API that change no record anyone administers: a device's own reports,
 * counted as telemetry (docs/decisions/devices.md). audit-trail.test.ts plays them and finds no event.
 */
export const DEVICE_TELEMETRY: Record<string, string> = {
  'POST /api/device/heartbeat':
    'a device’s report of itself and its capsules: telemetry, not a change to a record',
  'POST /api/device/shots': 'a device’s shots: counted as statistics, not a change to a record',
};

const currentResetCode = (secret: string) =>
  oneTimeCodeAt(fromBase32(secret), Date.now(), { stepSeconds: 60, digits: 6 }).code;

/**
 * The audit recipes of the device API (`audit-recipes.ts` spreads them in): provisioning changes the
 * device's record (its credential), with no account behind it; pairing and unpairing change its
 * linked user, by the app user who calls.
 */
export function deviceAuditRecipes(ctx: TestContext): Record<string, Recipe[]> {
  let fixture: DeviceFixture | undefined;
  const devices = async () => {
    fixture ??= await createDeviceFixture(ctx);
    return fixture;
  };
  async function appUser() {
    const account = await ctx.createAccount({ profile: 'USER' });
    return { id: account.id, token: (await ctx.signIn(account.email, account.password)).token };
  }
  const pairing = (token: string, macAddress: string, secret: string): InjectOptions => ({
    method: 'POST',
    url: '/api/app/device-pairings',
    headers: { authorization: `Bearer ${token}` },
    payload: { macAddress, code: currentResetCode(secret) },
  });

  return {
    'POST /api/device/provision': [
      {
        describe: 'provisions a registered device',
        prepare: async () => {
          const fleet = await devices();
          const device = await fleet.createDevice({ isProvisioned: false });
          return {
            request: {
              method: 'POST',
              url: '/api/device/provision',
              payload: { macAddress: device.macAddress, provisioningKey: fleet.provisioningKey },
            },
            caller: 'anonymous',
            record: { type: 'device', id: device.id },
          };
        },
      },
    ],
    'POST /api/app/device-pairings': [
      {
        describe: 'links an app user to a device with its reset code',
        prepare: async () => {
          const device = await (await devices()).createDevice();
          const user = await appUser();
          return {
            request: pairing(user.token, device.macAddress, device.secret),
            caller: 'anonymous',
            actorId: user.id,
            record: { type: 'device', id: device.id },
          };
        },
      },
    ],
    'DELETE /api/app/device-pairings/{deviceId}': [
      {
        describe: 'unlinks an app user from their device',
        prepare: async () => {
          const device = await (await devices()).createDevice();
          const user = await appUser();
          const paired = await ctx.app.inject(pairing(user.token, device.macAddress, device.secret));
          if (paired.statusCode !== 201) throw new Error(`pairing failed: ${paired.body}`);
          const [row] = await ctx.query<{ userId: number }>(
            sql`select user_id as "userId" from devices where id = ${device.id}`,
          );
          if (row?.userId !== user.id) throw new Error('the pairing did not link the user');
          return {
            request: {
              method: 'DELETE',
              url: `/api/app/device-pairings/${device.id}`,
              headers: { authorization: `Bearer ${user.token}` },
            },
            caller: 'anonymous',
            actorId: user.id,
            record: { type: 'device', id: device.id },
          };
        },
      },
    ],
  };
}
