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
  macAddress: macAddressSchema.describe(
    'The MAC address registered in the back-office: 12 hex digits, with or without `:` or `-` separators, any case.',
  ),
  provisioningKey: z
    .string()
    .min(1, { error: 'required' })
    .max(200, { error: 'tooLong' })
    .describe('The installation’s provisioning key, as given to the factory.'),
});
export type ProvisionBody = z.infer<typeof provisionBodySchema>;

/** The answer to a provisioning, given once: the credential for every call and the code secret. */
export const provisionAnswerSchema = z.object({
  deviceId: z.number().int(),
  credential: z
    .string()
    .describe(
      'Sent as `Authorization: Bearer <credential>` on every other device call. Given once: keep it in non-volatile memory.',
    ),
  secret: z
    .string()
    .describe(
      'The reset-code secret: 20 bytes in base32 (RFC 4648 alphabet A–Z 2–7, upper case, no `=` padding; 32 characters). ' +
        'Decode it to bytes and compute RFC 6238 TOTP codes over those bytes: HMAC-' +
        'SHA1 (`codeAlgorithm`), `codeDigits` digits, a `codeStepSeconds` step counted from the Unix epoch (T0 = 0) in UTC. ' +
        'The device shows the current code; the app user types it to pair. Given once.',
    ),
  codeDigits: z
    .literal(RESET_CODE_DIGITS)
    .describe('Digits of a reset code (RFC 4226 dynamic truncation, zero-padded).'),
  codeStepSeconds: z.number().int().describe('Seconds per code step (RFC 6238 X).'),
  codeAlgorithm: z.literal('SHA1').describe('The HMAC of the codes (RFC 6238 default).'),
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
    slot: boundedInteger(1, DEVICE_SLOTS).describe(`The slot the capsule sits in, 1 to ${DEVICE_SLOTS}.`),
    serialNumber: serialNumberSchema.describe(
      'The serial on the capsule’s label: letters, digits and `-`, compared without case (stored upper case).',
    ),
    fragranceId: idSchema.describe(
      'The fragrance on the label (an id the back-office knows; 400 otherwise).',
    ),
    sizeShots: boundedInteger(1, MAX_CAPSULE_SHOTS).describe(
      'The capsule’s size, in shots (a full capsule’s level).',
    ),
    remainingShots: boundedInteger(0, MAX_CAPSULE_SHOTS).describe(
      'Shots left as the device counted them, at most `sizeShots`. Taken only for a capsule the server has not seen; ' +
        'after that the server’s count stands (the answer’s `remainingShots`).',
    ),
    dueDate: calendarDateSchema
      .nullable()
      .optional()
      .describe('The expiry date on the label (YYYY-MM-DD), when it has one.'),
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
      .regex(/^[A-Za-z0-9._+-]+$/, { error: 'invalidFirmware' })
      .describe('The firmware the device runs, e.g. `1.4.2`.'),
    capsules: z
      .array(heartbeatCapsuleSchema)
      .max(DEVICE_SLOTS)
      .describe('Every capsule present now, each slot and each serial once; an empty slot is left out.'),
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
  serverTime: z.string().describe('The server’s clock (ISO 8601, UTC): set the device’s clock from it.'),
  configVersion: z
    .string()
    .describe(
      'The version `GET /api/device/config` answers now: fetch the configuration again when it differs.',
    ),
  capsules: z
    .array(z.object({ slot: z.number().int(), serialNumber: z.string(), remainingShots: z.number().int() }))
    .describe(
      'The capsules the server places in this device, by slot, with the server’s levels (take them over the device’s). ' +
        'A capsule reported but absent here is held by another device: its slot counts as empty.',
    ),
});
export type HeartbeatAnswer = z.infer<typeof heartbeatAnswerSchema>;

/** One entry of a batch: `count` shots fired from `slot` at `at`. */
export const shotEntrySchema = z.strictObject({
  at: dateTimeSchema.describe(
    'When the shots were fired: ISO 8601 with `Z` or an offset, at most 5 minutes ahead of the server’s clock.',
  ),
  slot: boundedInteger(1, DEVICE_SLOTS).describe(
    'The slot fired from; it must hold a capsule (409 otherwise).',
  ),
  count: boundedInteger(1, MAX_SHOTS_PER_ENTRY).describe(
    'Shots fired from the slot at that time. Shots beyond the capsule’s level are still recorded and counted in the ' +
      'statistics (the device fired them); the level stops at 0.',
  ),
});

/**
 * `POST /api/device/shots`: a batch of shots with the device's own sequence number. A batch whose
 * sequence the server already has is answered again without being counted twice.
 */
export const shotBatchBodySchema = z.strictObject({
  sequence: boundedInteger(0, MAX_BATCH_SEQUENCE).describe(
    'The device’s own batch counter: a new number for each new batch, the same one when a batch is sent again. ' +
      'Batches may arrive in any order.',
  ),
  shots: z.array(shotEntrySchema).min(1).max(MAX_SHOT_ENTRIES),
});
export type ShotBatchBody = z.infer<typeof shotBatchBodySchema>;

export const shotBatchAnswerSchema = z.object({
  sequence: z.number().int(),
  isNew: z
    .boolean()
    .describe('False when the batch had been received before: nothing was counted this time.'),
  shots: z.number().int().describe('Shots the batch counted (0 for a repeated batch).'),
  capsules: z
    .array(z.object({ slot: z.number().int(), remainingShots: z.number().int() }))
    .describe('The levels (shots left, never below 0) of the capsules the batch drew from, after it.'),
});
export type ShotBatchAnswer = z.infer<typeof shotBatchAnswerSchema>;

/** `GET /api/device/config`: the campaign and schedule to play, with their version (also the ETag). */
export const deviceConfigSchema = z.object({
  version: z.string().describe('This configuration’s version, also its ETag: send it as `If-None-Match`.'),
  campaign: z.object({
    campaignId: z.number().int(),
    name: z.string(),
    fragranceShots: z
      .number()
      .int()
      .describe(
        'The campaign’s shot setting (1 to 10,000). The pace of firing is the schedule’s `intensity`.',
      ),
    updatedAt: z.string().describe('When the campaign was last saved (ISO 8601, UTC).'),
    collection: z
      .array(
        z.object({
          slot: z
            .number()
            .int()
            .describe(`The slot, 1 to ${DEVICE_SLOTS}, whose capsule plays this fragrance.`),
          fragranceId: z.number().int(),
          fragranceName: z.string(),
          shotSeconds: z.number().int().describe('How long one shot of this fragrance lasts, in seconds.'),
        }),
      )
      .describe('The fragrance each slot plays; a slot not listed is not fired.'),
    /**
     * The approved initiative this campaign plays for (today is within its dates at the device's
     * location); null when the device plays its own campaign.
     */
    initiativeId: z.number().int().nullable(),
  }),
  schedule: z
    .object({
      source: z
        .enum(['device', 'location'])
        .describe('Whether the device has its own schedule or follows its location’s.'),
      timeZone: z
        .string()
        .describe('The IANA time zone (e.g. `America/Sao_Paulo`) the ranges’ wall-clock times are in.'),
      ranges: z.array(scheduleRangeSchema),
    })
    .describe(
      'When to fire: outside every range the device does not fire; an empty list never fires. Ranges do not overlap.',
    ),
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
