import { describe, expect, it } from 'vitest';
import type { DeviceSecretBox } from '../../lib/device-secrets.ts';
import { type DeviceRecord, type DevicesRepository, devicesListOf } from './devices.repository.ts';
import { createDevicesService } from './devices.service.ts';

/** RFC 4226's test secret; its HOTP codes are the RFC's appendix D (counter 1: 287082, 2: 359152). */
const RFC_SECRET = Buffer.from('12345678901234567890', 'ascii');

const record = (overrides: Partial<DeviceRecord> = {}) =>
  ({
    id: 7,
    deletedAt: null,
    locationDeletedAt: null,
    userId: null,
    hasSecret: true,
    hasShots: false,
    ...overrides,
  }) as DeviceRecord;

/** A service over an in-memory device, its secret "sealed" as itself, its trail notes collected. */
function serviceAt(timeMs: number, device: DeviceRecord, sealed: string | null = 'sealed') {
  const notes: { id: number; validUntil: string }[] = [];
  const tx = {
    lockSecret: async () => ({ secret: sealed, deletedAt: device.deletedAt }),
    noteResetCodeShown: async (id: number, validUntil: Date) => {
      notes.push({ id, validUntil: validUntil.toISOString() });
    },
  };
  const repository = {
    list: devicesListOf(15),
    reader: { findById: async (id: number) => (id === device.id ? device : undefined) },
    writes: {},
    transaction: (work: (repository: unknown) => Promise<unknown>) => work(tx),
  } as unknown as DevicesRepository;
  const secrets: DeviceSecretBox = {
    seal: () => 'sealed',
    open: (text) => {
      if (text !== 'sealed') throw new Error('not this box’s');
      return RFC_SECRET;
    },
  };
  const service = createDevicesService({
    repository,
    secrets,
    offlineAfterMinutes: 15,
    now: () => new Date(timeMs),
  });
  return { service, notes };
}

describe('the reset code at a controlled clock', () => {
  it('is the RFC 6238 code of the 60-second step, with the seconds left and the step’s end', async () => {
    const { service, notes } = serviceAt(61_000, record());
    expect(await service.resetCode(7)).toEqual({
      code: '287082',
      secondsLeft: 59,
      stepSeconds: 60,
      validUntil: '1970-01-01T00:02:00.000Z',
      serverTime: '1970-01-01T00:01:01.000Z',
    });
    expect(notes).toEqual([{ id: 7, validUntil: '1970-01-01T00:02:00.000Z' }]);
  });

  it('changes at the step’s end: the last second of one step, the first of the next', async () => {
    expect(await serviceAt(119_999, record()).service.resetCode(7)).toMatchObject({
      code: '287082',
      secondsLeft: 1,
    });
    expect(await serviceAt(120_000, record()).service.resetCode(7)).toMatchObject({
      code: '359152',
      secondsLeft: 60,
    });
  });

  it('is refused, and noted nowhere, for a device without a secret or a retired one', async () => {
    const unprovisioned = serviceAt(61_000, record({ hasSecret: false }), null);
    await expect(unprovisioned.service.resetCode(7)).rejects.toMatchObject({
      code: 'DEVICE_NOT_PROVISIONED',
    });
    const retired = serviceAt(61_000, record({ deletedAt: new Date() }));
    await expect(retired.service.resetCode(7)).rejects.toMatchObject({ code: 'RECORD_INACTIVE' });
    expect([...unprovisioned.notes, ...retired.notes]).toEqual([]);
  });
});
