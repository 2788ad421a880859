import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DeviceSecretBox } from '../src/lib/device-secrets.ts';
import { newOneTimeSecret } from '../src/lib/one-time-codes.ts';
import type { TestContext } from './test-app.ts';

let sequence = 0;
const next = () => {
  sequence += 1;
  return sequence;
};

async function insertedId(ctx: TestContext, statement: ReturnType<typeof sql>): Promise<number> {
  const [row] = await ctx.query<{ id: number }>(statement);
  if (!row) throw new Error('Nothing inserted');
  return Number(row.id);
}

/** A unique MAC address (12 hex digits, unicast). */
export function testMacAddress(): string {
  return `02${randomBytes(5).toString('hex').toUpperCase()}`;
}

/**
 * What a device stands on, written directly: an organisation, one of its locations (in `timeZone`), a
 * fragrance and an active campaign whose collection fills slot 1 with it.
 */
export async function deviceGround(ctx: TestContext, options: { timeZone?: string } = {}) {
  const n = next();
  const organizationId = await insertedId(
    ctx,
    sql`insert into organizations (name, legal_name, cnpj) values (${`Rede Teste ${n}`}, ${`Rede Teste ${n} Ltda`},
      ${String(10_000_000_000_000 + n * 7919)}) returning id`,
  );
  const locationId = await insertedId(
    ctx,
    sql`insert into locations (organization_id, name, country, time_zone)
      values (${organizationId}, ${`Loja Teste ${n}`}, 'BR', ${options.timeZone ?? 'America/Sao_Paulo'}) returning id`,
  );
  const categoryId = await insertedId(
    ctx,
    sql`insert into categories (name) values (${`Categoria ${n}`}) returning id`,
  );
  const fragranceId = await insertedId(
    ctx,
    sql`insert into fragrances (name, olfactory_way, category_id) values (${`Fragrância ${n}`}, 'Cítrico', ${categoryId}) returning id`,
  );
  const campaignId = await insertedId(
    ctx,
    sql`insert into campaigns (name) values (${`Campanha ${n}`}) returning id`,
  );
  await ctx.query(
    sql`insert into campaign_slots (campaign_id, slot, fragrance_id, shot_seconds) values (${campaignId}, 1, ${fragranceId}, 5)`,
  );
  return { organizationId, locationId, fragranceId, campaignId };
}

/** A device registered directly (no API call), at `locationId` playing `campaignId`. */
export async function insertDevice(
  ctx: TestContext,
  ground: { organizationId: number; locationId: number; campaignId: number },
  macAddress = testMacAddress(),
): Promise<{ deviceId: number; macAddress: string }> {
  const deviceId = await insertedId(
    ctx,
    sql`insert into devices (mac_address, location_id, organization_id, campaign_id)
      values (${macAddress}, ${ground.locationId}, ${ground.organizationId}, ${ground.campaignId}) returning id`,
  );
  return { deviceId, macAddress };
}

/**
 * Makes a device provisioned as the device API would (a credential's hash, a secret sealed with the
 * app's box), written directly; answers the credential and the secret the device would hold.
 */
export async function provisionDirectly(
  ctx: TestContext,
  box: DeviceSecretBox,
  deviceId: number,
): Promise<{ credential: string; secret: Buffer }> {
  const credential = randomBytes(32).toString('base64url');
  const secret = newOneTimeSecret();
  await ctx.query(sql`update devices set credential_hash = ${createHash('sha256').update(credential).digest('hex')},
    secret_ciphertext = ${box.seal(secret)}, provisioned_at = now() where id = ${deviceId}`);
  return { credential, secret };
}

/** Marks the device seen at `at` (as its calls would). */
export async function markSeen(ctx: TestContext, deviceId: number, at: Date): Promise<void> {
  await ctx.query(sql`insert into device_states (device_id, last_seen_at) values (${deviceId}, ${at.toISOString()})
    on conflict (device_id) do update set last_seen_at = excluded.last_seen_at`);
}

/** Records a batch of the device's shots (only its `shot_batches` row: what keeps a device's row). */
export async function recordBatch(ctx: TestContext, deviceId: number, sequenceNumber = 1): Promise<void> {
  await ctx.query(
    sql`insert into shot_batches (device_id, sequence, shots) values (${deviceId}, ${sequenceNumber}, 1)`,
  );
}

/** A capsule in one of the device's slots, written directly. */
export async function insertCapsule(
  ctx: TestContext,
  options: { deviceId: number | null; slot: number | null; fragranceId: number; remainingShots?: number },
): Promise<{ capsuleId: number; serialNumber: string }> {
  const serialNumber = `CAP-${randomBytes(4).toString('hex').toUpperCase()}`;
  const capsuleId = await insertedId(
    ctx,
    sql`insert into capsules (serial_number, fragrance_id, size_shots, device_id, slot, deleted_at)
      values (${serialNumber}, ${options.fragranceId}, 1000, ${options.deviceId},
        ${options.slot}, ${options.deviceId === null ? sql`now()` : null}) returning id`,
  );
  await ctx.query(
    sql`insert into capsule_levels (capsule_id, remaining_shots) values (${capsuleId}, ${options.remainingShots ?? 1000})`,
  );
  return { capsuleId, serialNumber };
}
