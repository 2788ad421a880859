import { z } from 'zod';
import { listShotPeriodShape } from './dashboard.schemas.ts';
import { idSchema, idTextSchema } from './integers.schemas.ts';
import { kitRowFields, listQuerySchema } from './list.schemas.ts';
import { timeZoneSchema } from './locations.schemas.ts';
import { recordVersionShape } from './record-fields.schemas.ts';
import { effectiveScheduleSchema, scheduleSchema } from './schedules.schemas.ts';

/** Slots of a diffuser, as a campaign's collection numbers them (spec §9). */
export const DEVICE_SLOTS = 20;
/** A reset code: 6 digits, renewed every 60 seconds (spec §9), RFC 6238 over the device's secret. */
export const RESET_CODE_DIGITS = 6;
export const RESET_CODE_STEP_SECONDS = 60;

const MAC_SEPARATORS = /[\s:.-]/g;
const MAC_HEX = /^[0-9A-F]{12}$/;

/**
 * A MAC address as stored: 12 upper-case hex digits, no separators. `aa:bb:cc:dd:ee:ff`,
 * `AA-BB-CC-DD-EE-FF` and `aabb.ccdd.eeff` are one address.
 */
export function normalizeMacAddress(text: string): string {
  return text.replace(MAC_SEPARATORS, '').toUpperCase();
}

/**
 * A search word typed as a MAC address or a piece of one ("aa:bb:cc", "AA-BB", "aabb.ccdd"): stored
 * as 12 hex digits without separators, so the separators go. Only a word of hex digits and
 * separators with at least one separator is one: "Guarda-Chuva" stays as typed.
 */
export function macSearchWord(word: string): string {
  return /^[0-9A-Fa-f]{1,4}([:.-][0-9A-Fa-f]{0,4})+$/.test(word) ? word.replace(/[:.-]/g, '') : word;
}

/** `AABBCCDDEEFF` as people read it: `AA:BB:CC:DD:EE:FF`. */
export function formatMacAddress(mac: string): string {
  return mac.match(/.{1,2}/g)?.join(':') ?? mac;
}

/** A MAC address in any of the usual spellings, answered normalised (`normalizeMacAddress`). */
export const macAddressSchema = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .max(17, { error: 'invalidMacAddress' })
  .transform(normalizeMacAddress)
  .refine((mac) => MAC_HEX.test(mac), { error: 'invalidMacAddress' })
  // The broadcast address and a multicast first octet name no one device.
  .refine((mac) => mac !== 'FFFFFFFFFFFF' && (Number.parseInt(mac.slice(0, 2), 16) & 1) === 0, {
    error: 'invalidMacAddress',
  });

/**
 * `POST /api/devices` and `PUT /api/devices/{id}`: a diffuser standing at a location and playing a
 * campaign. Its owner is the location's organisation. `updatedAt`, when sent on an update, is the
 * version the form loaded: a save over a newer one is refused (`STALE_RECORD`).
 */
export const deviceBodySchema = z.strictObject({
  macAddress: macAddressSchema,
  locationId: idSchema,
  campaignId: idSchema,
  ...recordVersionShape,
});
export type DeviceBody = z.infer<typeof deviceBodySchema>;

/** A bulk `move`'s values (record-bulk.schemas.ts): a location, a campaign, or both. */
export const deviceMoveSchema = z
  .strictObject({ locationId: idSchema.optional(), campaignId: idSchema.optional() })
  .refine((move) => move.locationId !== undefined || move.campaignId !== undefined, {
    error: 'required',
    path: ['locationId'],
  });
export type DeviceMove = z.infer<typeof deviceMoveSchema>;
export type DeviceBodyInput = z.input<typeof deviceBodySchema>;

/** A device's connection as its last heartbeat or batch tells it: `never` until it first calls. */
export const DEVICE_CONNECTIONS = ['online', 'offline', 'never'] as const;
export type DeviceConnection = (typeof DEVICE_CONNECTIONS)[number];

/**
 * The devices list: the shared contract plus filters by organisation, location, campaign and
 * connection, and a period (`from`..`to` in `timeZone`, the dashboard's rule) that gives each row its
 * shots in it (of the campaign filtered on, when one is): `shotsInPeriod`.
 */
export const deviceListQuerySchema = listQuerySchema.extend({
  organizationId: idTextSchema.optional(),
  locationId: idTextSchema.optional(),
  campaignId: idTextSchema.optional(),
  connection: z.enum(DEVICE_CONNECTIONS, { error: 'invalidOption' }).optional(),
  ...listShotPeriodShape,
  timeZone: timeZoneSchema.optional(),
});
export type DeviceListQuery = z.infer<typeof deviceListQuerySchema>;

/** The list's sorts (spec §2 Devices list, plus location and last seen). */
export const DEVICE_SORTS = [
  'MacAddress',
  'Campaign.Name',
  'User.Nome',
  'UpdatedAt',
  'Owner.Nome',
  'CreatedAt',
  'Location.Name',
  'LastSeenAt',
] as const;

export const deviceRowSchema = z.object({
  deviceId: z.number().int(),
  /** Normalised (12 hex digits); `formatMacAddress` for display. */
  macAddress: z.string(),
  location: z.object({ locationId: z.number().int(), name: z.string(), timeZone: z.string() }),
  /** The location's organisation (spec §3: `owner.nome`). */
  owner: z.object({ organizationId: z.number().int(), nome: z.string() }),
  campaign: z.object({ campaignId: z.number().int(), name: z.string() }),
  /** The app user linked to it (spec §3: `user.nome`), or none. */
  user: z.object({ id: z.number().int(), nome: z.string() }).nullable(),
  connection: z.enum(DEVICE_CONNECTIONS),
  lastSeenAt: z.string().nullable(),
  firmwareVersion: z.string().nullable(),
  /** Whether it holds a credential (it provisioned itself and staff have not asked it to again). */
  isProvisioned: z.boolean(),
  /** Whether it has a schedule of its own rather than its location's. */
  hasOwnSchedule: z.boolean(),
  /** Its shots in the list's period (`from`..`to`), null when the list was asked for none. */
  shotsInPeriod: z.number().int().nullable(),
  ...kitRowFields,
});
export type DeviceRow = z.infer<typeof deviceRowSchema>;

/** A capsule in one of the device's slots, as its heartbeats reported it and its shots counted it down. */
export const deviceCapsuleSchema = z.object({
  capsuleId: z.number().int(),
  slot: z.number().int(),
  serialNumber: z.string(),
  fragrance: z.object({ fragranceId: z.number().int(), name: z.string() }),
  sizeShots: z.number().int(),
  remainingShots: z.number().int(),
  dueDate: z.string().nullable(),
  /** The forecast run-out day (`YYYY-MM-DD`, the location's zone); null without recent shots. */
  runsOutOn: z.string().nullable(),
});
export type DeviceCapsule = z.infer<typeof deviceCapsuleSchema>;

/**
 * `GET /api/devices/{id}`: the row, plus what the device page shows: its campaign's collection (the
 * slots it should hold), the capsules it holds, and the schedule it runs (its own or its location's).
 */
export const deviceRecordSchema = deviceRowSchema.extend({
  collection: z.array(
    z.object({
      slot: z.number().int(),
      fragranceId: z.number().int(),
      shotSeconds: z.number().int(),
      fragrance: z.object({ name: z.string() }),
    }),
  ),
  capsules: z.array(deviceCapsuleSchema),
  schedule: effectiveScheduleSchema,
  /** The device's own schedule, null when it follows its location's. */
  ownSchedule: scheduleSchema.nullable(),
});
export type DeviceRecord = z.infer<typeof deviceRecordSchema>;

/**
 * `POST /api/devices/reset-code/{id}`: the device's current one-time code and how long it stays
 * current. Every code shown is recorded in the audit trail.
 */
export const resetCodeSchema = z.object({
  code: z.string().regex(/^[0-9]{6}$/),
  secondsLeft: z.number().int().describe('Whole seconds left in the code’s step, 1 to 60, rounded up.'),
  stepSeconds: z.number().int(),
  validUntil: z
    .string()
    .describe('When the code stops being current (its step’s end), ISO 8601 to the millisecond.'),
  serverTime: z
    .string()
    .describe(
      'The server’s clock when it answered, ISO 8601 to the millisecond: count down to `validUntil` from it, whatever the client’s clock says.',
    ),
});
export type ResetCode = z.infer<typeof resetCodeSchema>;

/** The device typeahead (`GET /api/devices/quick-search?str=`): up to 10 active devices by MAC. */
export const deviceOptionSchema = z.object({ deviceId: z.number().int(), macAddress: z.string() });
export const deviceOptionsSchema = z.array(deviceOptionSchema);
