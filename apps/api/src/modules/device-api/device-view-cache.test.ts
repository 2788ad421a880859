import { describe, expect, it } from 'vitest';
import { type CachedDevice, createDeviceViewCache } from './device-view-cache.ts';

let clock = 1_000_000;
const now = () => clock;

function deviceView(id: number, options: { campaignId?: number; locationId?: number } = {}): CachedDevice {
  return {
    credentialHash: `hash-${id}`,
    device: { id, locationId: options.locationId ?? 10, campaignId: options.campaignId ?? 20 },
    firmwareVersion: '1.0.0',
    configVersion: 'v1',
    capsules: [
      { slot: 1, serialNumber: `S-${id}-1`, fragranceId: 5, remainingShots: 100 },
      { slot: 2, serialNumber: `S-${id}-2`, fragranceId: 6, remainingShots: 200 },
    ],
    config: {
      version: `v-${options.campaignId ?? 20}`,
      campaign: {
        campaignId: options.campaignId ?? 20,
        name: 'Verão',
        fragranceShots: 100,
        updatedAt: '2026-11-29T00:00:00.000000Z',
        collection: [],
        initiativeId: null,
      },
      schedule: { source: 'location', timeZone: 'America/Sao_Paulo', ranges: [] },
    },
    expiresAt: clock + 60_000,
    seenAt: clock,
    heardAt: clock,
  };
}

/** A cache that listens, and a counter of the database reads it asked for. */
function listeningCache(maxEntries = 100) {
  const cache = createDeviceViewCache({ maxEntries, now });
  cache.events.onListening();
  const reads = { count: 0 };
  const get = (id: number, view: CachedDevice | undefined = deviceView(id)) =>
    cache.through(`hash-${id}`, async () => {
      reads.count += 1;
      return view;
    });
  return { cache, reads, get };
}

describe('the device view cache', () => {
  it('answers a kept view without reading, until it expires', async () => {
    const { reads, get } = listeningCache();
    await get(1);
    await get(1);
    expect(reads.count).toBe(1);
    clock += 61_000;
    await get(1);
    expect(reads.count).toBe(2);
  });

  it('keeps nothing before it listens, nor after its listener is lost', async () => {
    const cache = createDeviceViewCache({ maxEntries: 100, now });
    let reads = 0;
    const get = () =>
      cache.through('hash-1', async () => {
        reads += 1;
        return deviceView(1);
      });
    await get();
    await get();
    expect(reads).toBe(2);
    cache.events.onListening();
    await get();
    await get();
    expect(reads).toBe(3);
    cache.events.onLost();
    await get();
    await get();
    expect(reads).toBe(5);
    expect(cache.stats().entries).toBe(0);
  });

  it('never keeps an unknown credential', async () => {
    const { cache, reads } = listeningCache();
    const unknown = () =>
      cache.through('hash-404', async () => {
        reads.count += 1;
        return undefined;
      });
    expect(await unknown()).toBeUndefined();
    expect(await unknown()).toBeUndefined();
    expect(reads.count).toBe(2);
  });

  it('forgets a device named by a notification, and whatever a "*" or an unknown kind names', async () => {
    const { cache, reads, get } = listeningCache();
    await get(1);
    await get(2);
    cache.events.onNotification('d 1,3');
    await get(1);
    await get(2);
    expect(reads.count).toBe(3);
    cache.events.onNotification('*');
    expect(cache.stats().entries).toBe(0);
    await get(1);
    cache.events.onNotification('z 1');
    expect(cache.stats().entries).toBe(0);
  });

  it('forgets the views playing a campaign, and those of the devices at a location', async () => {
    const { cache, get } = listeningCache();
    await get(1, deviceView(1, { campaignId: 7, locationId: 70 }));
    await get(2, deviceView(2, { campaignId: 8, locationId: 70 }));
    await get(3, deviceView(3, { campaignId: 8, locationId: 80 }));
    cache.events.onNotification('c 7');
    expect(cache.stats().entries).toBe(2);
    cache.events.onNotification('L 80');
    expect(cache.stats().entries).toBe(1);
  });

  it('applies the levels a batch left, and forgets a view whose slot it does not know', async () => {
    const { cache, reads, get } = listeningCache();
    await get(1);
    await get(2);
    cache.events.onNotification('l 1:2:150,2:9:5');
    const first = await get(1);
    expect(first?.capsules.map((capsule) => capsule.remainingShots)).toEqual([100, 150]);
    expect(reads.count).toBe(2);
    await get(2);
    expect(reads.count).toBe(3);
  });

  it('does not keep a view read while a change about it arrived, nor while many were forgotten', async () => {
    const { cache, reads } = listeningCache();
    const slowRead = (id: number, duringRead: () => void) =>
      cache.through(`hash-${id}`, async () => {
        reads.count += 1;
        duringRead();
        return deviceView(id);
      });
    await slowRead(1, () => cache.events.onNotification('l 1:1:99'));
    await slowRead(2, () => cache.forget(2));
    await slowRead(3, () => cache.events.onNotification('c 999'));
    await slowRead(4, () => cache.events.onNotification('d 5'));
    expect(cache.stats().entries).toBe(1);
    // Device 4's read was not about device 5: kept.
    await cache.through('hash-4', async () => {
      throw new Error('read again');
    });
  });

  it('keeps a reprovisioned device under its new credential only', async () => {
    const { cache, get } = listeningCache();
    await get(1);
    await cache.through('hash-1-new', async () => ({ ...deviceView(1), credentialHash: 'hash-1-new' }));
    expect(cache.stats().entries).toBe(1);
    cache.events.onNotification('d 1');
    expect(cache.stats().entries).toBe(0);
  });

  it('lets the oldest view go past its size, and shares one configuration per version', async () => {
    const { cache, reads, get } = listeningCache(2);
    const [one, two] = [await get(1), await get(2)];
    expect(two?.config).toBe(one?.config);
    await get(3);
    expect(cache.stats().entries).toBe(2);
    await get(1);
    expect(reads.count).toBe(4);
  });

  it('keeps nothing when its size is 0', async () => {
    const { cache, reads, get } = listeningCache(0);
    await get(1);
    await get(1);
    expect(reads.count).toBe(2);
    expect(cache.stats().isListening).toBe(false);
  });
});
