import { z } from 'zod';
import { listShotPeriodShape } from './dashboard.schemas.ts';
import { idTextSchema } from './integers.schemas.ts';
import { kitRowFields, listQuerySchema } from './list.schemas.ts';

/** A due date this close (or past) is highlighted in the capsules list. */
export const CAPSULE_DUE_SOON_DAYS = 7;

/**
 * The capsules list (read-only: capsules come from the devices' heartbeats): the shared contract plus
 * one device's or one fragrance's capsules. Active capsules are those in a device; a capsule taken out
 * of every device is inactive.
 */
export const capsuleListQuerySchema = listQuerySchema.extend({
  deviceId: idTextSchema.optional(),
  fragranceId: idTextSchema.optional(),
  /** Capsules now in a device of this organisation / at this location. */
  organizationId: idTextSchema.optional(),
  locationId: idTextSchema.optional(),
  /**
   * A period of whole UTC days `from`..`to` that gives each row its shots in it (`shotsInPeriod`):
   * capsules. shots are counted per UTC day only.
   */
  ...listShotPeriodShape,
});
export type CapsuleListQuery = z.infer<typeof capsuleListQuerySchema>;

/** The list's sorts (spec §2 Capsules list). */
export const CAPSULE_SORTS = [
  'SerialNumber',
  'Fragrance.Name',
  'RemainingShots',
  'Device.MacAddress',
  'DueDate',
  'CreatedAt',
  'UpdatedAt',
] as const;

export const capsuleRowSchema = z.object({
  capsuleId: z.number().int(),
  serialNumber: z.string(),
  fragrance: z.object({ fragranceId: z.number().int(), name: z.string() }),
  sizeShots: z.number().int(),
  remainingShots: z.number().int(),
  /** The device and slot it sits in, or none once taken out. */
  device: z.object({ deviceId: z.number().int(), macAddress: z.string() }).nullable(),
  slot: z.number().int().nullable(),
  dueDate: z.string().nullable(),
  /**
   * The day it is forecast to run out (`YYYY-MM-DD`, in its location's zone), from its counted shots
   * over the recent window and its device's schedule; null without recent shots or out of a device.
   */
  runsOutOn: z.string().nullable(),
  /** Its shots in the list's period (UTC days `from`..`to`), null when the list was asked for none. */
  shotsInPeriod: z.number().int().nullable(),
  ...kitRowFields,
});
export type CapsuleRow = z.infer<typeof capsuleRowSchema>;

/** Whether a due date (`YYYY-MM-DD`) is past or within `CAPSULE_DUE_SOON_DAYS` of `today`. */
export function isCapsuleDueSoon(dueDate: string | null, today: string): boolean {
  if (!dueDate) return false;
  const days = (Date.parse(dueDate) - Date.parse(today)) / 86_400_000;
  return days <= CAPSULE_DUE_SOON_DAYS;
}

/**
 * A capsule's level as a whole percentage of its size, for every screen that shows one: 100 only when
 * full and 0 only when empty, so a capsule with 995 of 1,000 shots reads 99 % and one with 3 reads 1 %
 * (plain rounding said 100 % and 0 %, "full" and "empty", of capsules that are neither). A size of 0
 * or less reads as empty.
 */
export function capsuleLevelPercent(remainingShots: number, sizeShots: number): number {
  if (sizeShots <= 0 || remainingShots <= 0) return 0;
  if (remainingShots >= sizeShots) return 100;
  return Math.min(99, Math.max(1, Math.round((remainingShots / sizeShots) * 100)));
}
