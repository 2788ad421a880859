import { z } from 'zod';
import { idTextSchema } from './integers.schemas.ts';
import { listQuerySchema } from './list.schemas.ts';

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
  ativo: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  deletedAt: z.string().nullable(),
});
export type CapsuleRow = z.infer<typeof capsuleRowSchema>;

/** Whether a due date (`YYYY-MM-DD`) is past or within `CAPSULE_DUE_SOON_DAYS` of `today`. */
export function isCapsuleDueSoon(dueDate: string | null, today: string): boolean {
  if (!dueDate) return false;
  const days = (Date.parse(dueDate) - Date.parse(today)) / 86_400_000;
  return days <= CAPSULE_DUE_SOON_DAYS;
}
