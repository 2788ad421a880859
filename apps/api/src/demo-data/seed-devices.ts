import { randomBytes } from 'node:crypto';
import { PROFILE_USER } from '@scentia/shared/constants';
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import {
  campaignSlots,
  campaigns,
  deviceStates,
  devices,
  locations,
  profiles,
  users,
} from '../db/schema/index.ts';
import { createDeviceSecretBox } from '../lib/device-secrets.ts';
import { newOneTimeSecret } from '../lib/one-time-codes.ts';
import { hashToken } from '../lib/token-hash.ts';
import { readMemory, type SimulatorMemory, writeMemory } from '../simulator/memory-file.ts';
import {
  demoMacAddress,
  devicesAt,
  FIRMWARE_VERSIONS,
  HISTORY_DAYS,
  MORNINGS_ONLY,
  seededRandom,
  shopHoursOf,
} from './fleet.ts';
import { type DeviceHistoryPlan, seedDemoShots } from './seed-shots.ts';

/**
 * The demo fleet: opening hours on every demo location (one open around the clock), about 30
 * diffusers across them playing the active campaigns, some linked to app users, with their capsules,
 * what they last reported, and four weeks of shots. Skipped when any device exists.
 *
 * Every device given a history here (what it last reported, its shots) is provisioned here too, since
 * only a provisioned device can have called: its secret sealed with the server's own key, its
 * credential kept only in the simulator's file, as `npm run simulate` would have kept it. One device
 * has never connected: not provisioned, no state, no shots, so it reads "never connected" until
 * `npm run simulate` provisions it through the device API. One has been silent for four days.
 */
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const NEVER_CONNECTED = 4;
const SILENT_FOR_DAYS = { index: 9, days: 4 };
const OWN_SCHEDULE = 2;
/** App users to link: the demo's own app account first, then confirmed, active USER accounts. */
async function appUsers(db: Database) {
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.profileId))
    .where(
      and(
        eq(sql`upper(${profiles.name})`, PROFILE_USER),
        isNull(users.deletedAt),
        isNull(users.anonymizedAt),
        isNotNull(users.confirmedAt),
      ),
    )
    .orderBy(asc(users.id))
    .limit(40);
  return [
    ...rows.filter((row) => row.email === 'cliente@scentia.test'),
    ...rows.filter((row) => row.email !== 'cliente@scentia.test'),
  ];
}

export async function seedDemoFleet(db: Database, config: Config) {
  const [existing] = await db.select({ total: sql<number>`count(*)::int` }).from(devices);
  if ((existing?.total ?? 0) > 0) return { devices: 0 };
  const sites = await db
    .select({
      id: locations.id,
      name: locations.name,
      timeZone: locations.timeZone,
      schedule: locations.schedule,
      organizationId: locations.organizationId,
    })
    .from(locations)
    .where(isNull(locations.deletedAt))
    .orderBy(asc(locations.id));
  const active = await db
    .select({ id: campaigns.id, isDefault: campaigns.isDefault })
    .from(campaigns)
    .where(isNull(campaigns.deletedAt))
    .orderBy(asc(campaigns.id));
  if (sites.length === 0 || active.length === 0) return { devices: 0 };
  const slots = await db
    .select({
      campaignId: campaignSlots.campaignId,
      slot: campaignSlots.slot,
      fragranceId: campaignSlots.fragranceId,
    })
    .from(campaignSlots)
    .orderBy(asc(campaignSlots.campaignId), asc(campaignSlots.slot));
  const collectionOf = (campaignId: number) =>
    slots
      .filter((row) => row.campaignId === campaignId)
      .map(({ slot, fragranceId }) => ({ slot, fragranceId }));
  // Half the fleet plays the default campaign; the rest, the other active ones.
  const defaultCampaign = active.find((campaign) => campaign.isDefault) ?? (active[0] as { id: number });
  const others = active.filter((campaign) => campaign.id !== defaultCampaign.id);
  const linkable = await appUsers(db);
  const random = seededRandom(25);
  const now = Date.now();
  const box = await createDeviceSecretBox({
    configuredKey: config.DEVICE_SECRET_KEY,
    dataDir: config.DATA_DIR,
  });

  const planned = sites.flatMap((site) =>
    Array.from({ length: devicesAt(site.name, random) }, () => {
      const campaignId =
        others.length > 0 && random.next() < 0.5 ? random.pick(others).id : defaultCampaign.id;
      return { site, campaignId };
    }),
  );
  const credentials: SimulatorMemory['devices'] = {};
  let linked = 0;
  const values = planned.map(({ site, campaignId }, index) => {
    const macAddress = demoMacAddress(index);
    const user = index % 3 === 1 && index !== NEVER_CONNECTED ? linkable[linked] : undefined;
    if (user) linked += 1;
    const createdAt = new Date(
      now - (index === NEVER_CONNECTED ? 2 : HISTORY_DAYS + random.between(5, 60)) * DAY_MS,
    );
    let credential: Partial<typeof devices.$inferInsert> = {};
    if (index !== NEVER_CONNECTED) {
      // The shape the device API hands out (plugins/device-auth.ts): a prefix and 32 random bytes.
      const token = `dvc_${randomBytes(32).toString('base64url')}`;
      credential = {
        credentialHash: hashToken(token),
        secretCiphertext: box.seal(newOneTimeSecret()),
        provisionedAt: createdAt,
      };
      credentials[macAddress] = { deviceId: 0, credential: token };
    }
    return {
      macAddress,
      locationId: site.id,
      organizationId: site.organizationId,
      campaignId,
      userId: user?.id ?? null,
      pairedAt: user ? new Date(createdAt.getTime() + random.between(1, 5) * DAY_MS) : null,
      schedule: index === OWN_SCHEDULE ? MORNINGS_ONLY : null,
      ...credential,
      createdAt,
      updatedAt: createdAt,
    };
  });

  // Opening hours and devices are records staff edit: written in one transaction, in the trail.
  const inserted = await db.transaction(async (tx) => {
    for (const site of sites)
      if (site.schedule.ranges.length === 0)
        await tx
          .update(locations)
          .set({ schedule: shopHoursOf(site.name) })
          .where(eq(locations.id, site.id));
    return tx.insert(devices).values(values).returning({ id: devices.id, macAddress: devices.macAddress });
  });
  const idOf = new Map(inserted.map((row) => [row.macAddress, row.id]));
  for (const [macAddress, entry] of Object.entries(credentials))
    entry.deviceId = idOf.get(macAddress) as number;

  const histories: DeviceHistoryPlan[] = [];
  const states: (typeof deviceStates.$inferInsert)[] = [];
  planned.forEach(({ site, campaignId }, index) => {
    if (index === NEVER_CONNECTED) return;
    const device = values[index] as (typeof values)[number];
    const deviceId = idOf.get(device.macAddress) as number;
    const until = new Date(
      index === SILENT_FOR_DAYS.index
        ? now - SILENT_FOR_DAYS.days * DAY_MS - random.between(0, 600) * MINUTE_MS
        : now - random.between(0, 4) * MINUTE_MS,
    );
    const schedule = device.schedule ?? shopHoursOf(site.name);
    histories.push({
      deviceId,
      macAddress: device.macAddress,
      locationId: site.id,
      campaignId,
      collection: collectionOf(campaignId),
      schedule: site.schedule.ranges.length > 0 && !device.schedule ? site.schedule : schedule,
      timeZone: site.timeZone,
      from: new Date(Math.max(device.createdAt.getTime(), now - HISTORY_DAYS * DAY_MS)),
      until,
    });
    states.push({
      deviceId,
      lastSeenAt: until,
      lastHeartbeatAt: until,
      firmwareVersion: random.pick(FIRMWARE_VERSIONS),
    });
  });
  await db.insert(deviceStates).values(states);
  const history = await seedDemoShots(db, histories, random, new Date(now));
  const memory = await readMemory(config.DATA_DIR);
  await writeMemory(config.DATA_DIR, { devices: { ...memory.devices, ...credentials } });
  return {
    devices: inserted.length,
    devicesProvisioned: Object.keys(credentials).length,
    devicesLinked: linked,
    capsules: history.capsules,
    shots: history.shots,
  };
}
