import type { HeartbeatBody } from '@scentia/shared/device-api.schemas';
import type { HeldCapsule } from './device-view.repository.ts';

/**
 * Whether a heartbeat reports exactly what the server holds of the device: the same firmware, and each
 * of its capsules (no more, no fewer) in the slot the server has it in, with the fragrance the server
 * recorded (which exists, so the full path's check of the fragrances would pass). Such a heartbeat
 * would write nothing but the device's last-seen time. The levels a device reports for known capsules
 * are not read on either path: the server counts them.
 */
export function isUnchangedHeartbeat(
  view: { firmwareVersion: string | null; capsules: readonly HeldCapsule[] },
  body: HeartbeatBody,
): boolean {
  if (view.firmwareVersion !== body.firmwareVersion) return false;
  if (view.capsules.length !== body.capsules.length) return false;
  const held = new Map(view.capsules.map((capsule) => [capsule.serialNumber, capsule]));
  return body.capsules.every((capsule) => {
    const known = held.get(capsule.serialNumber);
    return known?.slot === capsule.slot && known.fragranceId === capsule.fragranceId;
  });
}
