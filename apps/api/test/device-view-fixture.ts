import { expect } from 'vitest';
import type { DeviceFixture } from './device-fixture.ts';

// What the tests of the device views kept by an instance share (device-view-*.test.ts).

export type Answer = { statusCode: number; json: () => unknown; headers: Record<string, unknown> };
export type HeartbeatAnswer = {
  configVersion: string;
  capsules: { slot: number; serialNumber: string; remainingShots: number }[];
};

/** A device of `fixture` heard from once, with two capsules serialled apart from other tests'. */
export async function heardDevice(fixture: DeviceFixture, options: { locationId?: number } = {}) {
  const device = await fixture.createDevice(options);
  const [first, second] = fixture.fragranceIds as [number, number];
  const body = {
    firmwareVersion: '1.0.0',
    capsules: [
      {
        slot: 1,
        serialNumber: `V-${device.id}-1`,
        fragranceId: first,
        sizeShots: 1000,
        remainingShots: 1000,
      },
      {
        slot: 2,
        serialNumber: `V-${device.id}-2`,
        fragranceId: second,
        sizeShots: 1000,
        remainingShots: 1000,
      },
    ],
  };
  const heartbeat = (payload: unknown = body) =>
    fixture.call(device.credential, { method: 'POST', url: '/api/device/heartbeat', payload });
  const config = (etag?: string) =>
    fixture.call(device.credential, {
      method: 'GET',
      url: '/api/device/config',
      headers: etag ? { 'if-none-match': etag } : {},
    });
  expect((await heartbeat()).statusCode).toBe(200);
  return { device, body, heartbeat, config };
}

/** The answer of a heartbeat that must succeed. */
export const beat = async (call: () => Promise<Answer>) => {
  const answer = await call();
  expect(answer.statusCode).toBe(200);
  return answer.json() as HeartbeatAnswer;
};
/** Polls `isDone` every 10 ms, for at most 15 s (a listener's pause between tries grows to 10 s). */
export async function waitFor(isDone: () => boolean) {
  for (let tries = 0; !isDone(); tries += 1) {
    if (tries > 1_500) throw new Error('waited 15 s in vain');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
