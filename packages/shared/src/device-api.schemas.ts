import { z } from 'zod';
import { calendarDateSchema, dateTimeSchema } from './dates.schemas.ts';
import { DEVICE_SLOTS, macAddressSchema, RESET_CODE_DIGITS } from './devices.schemas.ts';
import { boundedInteger, idSchema } from './integers.schemas.ts';
import { scheduleRangeSchema } from './schedules.schemas.ts';

/**
 * The device API (`/api/device/...`): what the diffusers call with their own credential, never a staff
 * token. Pairing (`/api/app/device-pairings`) is the app's, with a USER's token.
 */

/** Shots in one batch at most, and one entry's count at most. */
export const MAX_SHOT_ENTRIES = 1_000;
export const MAX_SHOTS_PER_ENTRY = 1_000;
/** A capsule's size at most, in shots. */
export const MAX_CAPSULE_SHOTS = 1_000_000;
/** A batch sequence number: the device's own counter, 0 to 2^53 − 1. */
export const MAX_BATCH_SEQUENCE = Number.MAX_SAFE_INTEGER;

/** `POST /api/device/provision`: a registered MAC with the provisioning key. */
export const provisionBodySchema = z.strictObject({
  macAddress: macAddressSchema,
  provisioningKey: z.string().min(1, { error: 'required' }).max(200, { error: 'tooLong' }),
});
export type ProvisionBody = z.infer<typeof provisionBodySchema>;

/** The answer to a provisioning, given once: the credential for every call and the code secret. */
export const provisionAnswerSchema = z.object({
  deviceId: z.number().int(),
  /** Sent as `Authorization: Bearer <credential>` on every device call. */
  credential: z.string(),
  /** The reset-code secret, base32 (RFC 4648), for RFC 6238 codes the device checks offline. */
  secret: z.string(),
  codeDigits: z.literal(RESET_CODE_DIGITS),
  codeStepSeconds: z.number().int(),
  codeAlgorithm: z.literal('SHA1'),
});
export type ProvisionAnswer = z.infer<typeof provisionAnswerSchema>;

const serialNumberSchema = z
  .string()
  .trim()
  .min(1, { error: 'required' })
  .max(32, { error: 'tooLong' })
  .regex(/^[A-Za-z0-9-]+$/, { error: 'invalidSerialNumber' })
  .transform((serial) => serial.toUpperCase());

/** A capsule as the device reads it in a slot: its label (serial, fragrance, size, due date) and level. */
export const heartbeatCapsuleSchema = z
  .strictObject({
    slot: boundedInteger(1, DEVICE_SLOTS),
    serialNumber: serialNumberSchema,
    fragranceId: idSchema,
    sizeShots: boundedInteger(1, MAX_CAPSULE_SHOTS),
    /** The level the device counted; taken for a capsule the server has not seen, else the server's count stands. */
    remainingShots: boundedInteger(0, MAX_CAPSULE_SHOTS),
    dueDate: calendarDateSchema.nullable().optional(),
  })
  .refine((capsule) => capsule.remainingShots <= capsule.sizeShots, {
    path: ['remainingShots'],
    error: 'aboveSize',
  });

/** `POST /api/device/heartbeat`: the device is alive, runs this firmware and holds these capsules. */
export const heartbeatBodySchema = z
  .strictObject({
    firmwareVersion: z
      .string()
      .trim()
      .min(1, { error: 'required' })
      .max(32, { error: 'tooLong' })
      .regex(/^[A-Za-z0-9._+-]+$/, { error: 'invalidFirmware' }),
    capsules: z.array(heartbeatCapsuleSchema).max(DEVICE_SLOTS),
  })
  .superRefine((body, ctx) => {
    const slots = new Set<number>();
    const serials = new Set<string>();
    body.capsules.forEach((capsule, index) => {
      if (slots.has(capsule.slot))
        ctx.addIssue({ code: 'custom', path: ['capsules', index, 'slot'], message: 'duplicateSlot' });
      if (serials.has(capsule.serialNumber))
        ctx.addIssue({
          code: 'custom',
          path: ['capsules', index, 'serialNumber'],
          message: 'duplicateSerial',
        });
      slots.add(capsule.slot);
      serials.add(capsule.serialNumber);
    });
  });
export type HeartbeatBody = z.infer<typeof heartbeatBodySchema>;

export const heartbeatAnswerSchema = z.object({
  serverTime: z.string(),
  /** The version of what `GET /api/device/config` answers: fetch it again when it differs. */
  configVersion: z.string(),
  capsules: z.array(
    z.object({ slot: z.number().int(), serialNumber: z.string(), remainingShots: z.number().int() }),
  ),
});
export type HeartbeatAnswer = z.infer<typeof heartbeatAnswerSchema>;

/** One entry of a batch: `count` shots fired from `slot` at `at`. */
export const shotEntrySchema = z.strictObject({
  at: dateTimeSchema,
  slot: boundedInteger(1, DEVICE_SLOTS),
  count: boundedInteger(1, MAX_SHOTS_PER_ENTRY),
});

/**
 * `POST /api/device/shots`: a batch of shots with the device's own sequence number. A batch whose
 * sequence the server already has is answered again without being counted twice.
 */
export const shotBatchBodySchema = z.strictObject({
  sequence: boundedInteger(0, MAX_BATCH_SEQUENCE),
  shots: z.array(shotEntrySchema).min(1).max(MAX_SHOT_ENTRIES),
});
export type ShotBatchBody = z.infer<typeof shotBatchBodySchema>;

export const shotBatchAnswerSchema = z.object({
  sequence: z.number().int(),
  /** False when the batch had been received before: nothing was counted this time. */
  isNew: z.boolean(),
  /** Shots the batch counted (0 for a repeated batch). */
  shots: z.number().int(),
  /** The levels of the capsules the batch drew from, after it. */
  capsules: z.array(z.object({ slot: z.number().int(), remainingShots: z.number().int() })),
});
export type ShotBatchAnswer = z.infer<typeof shotBatchAnswerSchema>;

/** `GET /api/device/config`: the campaign and schedule to play, with their version (also the ETag). */
export const deviceConfigSchema = z.object({
  version: z.string(),
  campaign: z.object({
    campaignId: z.number().int(),
    name: z.string(),
    fragranceShots: z.number().int(),
    updatedAt: z.string(),
    collection: z.array(
      z.object({
        slot: z.number().int(),
        fragranceId: z.number().int(),
        fragranceName: z.string(),
        shotSeconds: z.number().int(),
      }),
    ),
    /**
     * The approved initiative this campaign plays for (today is within its dates at the device's
     * location); null when the device plays its own campaign.
     */
    initiativeId: z.number().int().nullable(),
  }),
  schedule: z.object({
    source: z.enum(['device', 'location']),
    timeZone: z.string(),
    ranges: z.array(scheduleRangeSchema),
  }),
});
export type DeviceConfig = z.infer<typeof deviceConfigSchema>;

/** `POST /api/app/device-pairings`: an app user links themself to a device with its current reset code. */
export const pairingBodySchema = z.strictObject({
  macAddress: macAddressSchema,
  code: z.string().regex(/^[0-9]{6}$/, { error: 'invalidCode' }),
});
export type PairingBody = z.infer<typeof pairingBodySchema>;

/** A device an app user is linked to. */
export const pairedDeviceSchema = z.object({
  deviceId: z.number().int(),
  macAddress: z.string(),
  campaign: z.object({ campaignId: z.number().int(), name: z.string() }),
  location: z.object({ name: z.string() }),
  pairedAt: z.string(),
});
export type PairedDevice = z.infer<typeof pairedDeviceSchema>;
