import type { DeviceRecord } from '@scentia/shared/devices.schemas';
import { describe, expect, it } from 'vitest';
import { compareSlots } from './device-capsules-card.tsx';

const capsule = (slot: number, fragranceId: number, name: string) => ({
  capsuleId: slot * 10,
  slot,
  serialNumber: `SN-${slot}`,
  fragrance: { fragranceId, name },
  sizeShots: 100,
  remainingShots: 40,
  dueDate: null,
  runsOutOn: null,
});

const entry = (slot: number, fragranceId: number, name: string) => ({
  slot,
  fragranceId,
  shotSeconds: 5,
  fragrance: { name },
});

describe('compareSlots', () => {
  it("flags a capsule that is not the campaign's fragrance for its slot, or sits where the campaign has none", () => {
    const device: Pick<DeviceRecord, 'collection' | 'capsules'> = {
      collection: [entry(1, 5, 'Brisa'), entry(2, 6, 'Cítrico'), entry(4, 8, 'Floral')],
      capsules: [capsule(1, 5, 'Brisa'), capsule(2, 7, 'Amadeirado'), capsule(9, 5, 'Brisa')],
    };
    expect(
      compareSlots(device).map(({ slot, expected, capsule, isMismatch }) => [
        slot,
        expected,
        capsule?.fragrance.name ?? null,
        isMismatch,
      ]),
    ).toEqual([
      [1, 'Brisa', 'Brisa', false],
      [2, 'Cítrico', 'Amadeirado', true],
      [4, 'Floral', null, false],
      [9, null, 'Brisa', true],
    ]);
  });
});
