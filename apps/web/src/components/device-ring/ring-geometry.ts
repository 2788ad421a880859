import { DEVICE_SLOTS } from '@scentia/shared/devices.schemas';

/** The slot `steps` places away from `slot` around the ring (1 follows 20). */
export function moveAroundRing(slot: number, steps: number): number {
  return ((((slot - 1 + steps) % DEVICE_SLOTS) + DEVICE_SLOTS) % DEVICE_SLOTS) + 1;
}

/**
 * Where slot `slot` sits on the ring, as a fraction of the ring's size from its top-left corner:
 * slot 1 at the top (12 o'clock) and the numbers running clockwise.
 */
export function slotPosition(slot: number): { left: number; top: number } {
  const angle = ((slot - 1) / DEVICE_SLOTS) * 2 * Math.PI - Math.PI / 2;
  return { left: 0.5 + 0.42 * Math.cos(angle), top: 0.5 + 0.42 * Math.sin(angle) };
}
