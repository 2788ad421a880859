import type { DeviceConfig } from '@scentia/shared/device-api.schemas';
import type { NotificationEvents } from '../../db/notification-listener.ts';
import type { AuthenticatedDevice } from '../../plugins/device-auth.ts';
import type { HeldCapsule } from './device-view.repository.ts';

/** The channel migration 0048's triggers notify on; its payloads are described there. */
export const DEVICE_VIEW_CHANNEL = 'device_view';

/**
 * What an instance holds of a device between its requests: what its credential names, what the server
 * last recorded of it, its capsules and their levels, and its configuration, built once. Its last-seen
 * times are this instance's knowledge: read with the view, then moved on as it queues their writes.
 */
export type CachedDevice = {
  credentialHash: string;
  device: AuthenticatedDevice;
  firmwareVersion: string | null;
  /** The configuration version whose download was last recorded for it. */
  configVersion: string | null;
  /** By slot; their levels follow the shot batches' notifications. */
  capsules: HeldCapsule[];
  config: DeviceConfig;
  /** When it stops being right on its own (the location's next midnight, for an initiative's day). */
  expiresAt: number;
  /** Its last-seen and last heartbeat times (ms, this process's clock); -Infinity when never. */
  seenAt: number;
  heardAt: number;
};

type Ticket = { generation: number; sequence: number };

/**
 * The device views of this instance, kept right by the database's notifications (migration 0048):
 * a change anywhere reaches every instance when its transaction commits. Nothing is kept while the
 * notifications are not arriving (before the listener is up, and from the moment it is lost until it is
 * back): then every request reads the database, as if there were no cache.
 *
 * A view read while a notification about it arrives might predate the change: such a read answers its
 * own request but is not kept. `generation` counts the moments many views were forgotten at once,
 * `sequence` every change heard of; a read remembers both when it starts.
 */
export function createDeviceViewCache(options: { maxEntries: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, CachedDevice>();
  const hashByDevice = new Map<number, string>();
  /** One object per configuration version, shared by the devices that play it. */
  const configs = new Map<string, DeviceConfig>();
  let isListening = false;
  let generation = 0;
  let sequence = 0;
  let readsInFlight = 0;
  /** The last notification about each device, while reads are in flight (emptied when none is). */
  const touchedAt = new Map<number, number>();
  const counts = { hits: 0, misses: 0 };

  function remove(credentialHash: string) {
    const entry = entries.get(credentialHash);
    if (!entry) return;
    entries.delete(credentialHash);
    if (hashByDevice.get(entry.device.id) === credentialHash) hashByDevice.delete(entry.device.id);
  }

  /** A read of the device started before now may predate what changed: it will not be kept. */
  function touch(deviceId: number) {
    sequence += 1;
    if (readsInFlight > 0) touchedAt.set(deviceId, sequence);
  }

  function forgetDevice(deviceId: number) {
    touch(deviceId);
    const credentialHash = hashByDevice.get(deviceId);
    if (credentialHash !== undefined) remove(credentialHash);
  }

  function forgetAll() {
    generation += 1;
    entries.clear();
    hashByDevice.clear();
    configs.clear();
    touchedAt.clear();
  }

  /** Forgets the views that match, and any read in flight (these changes are rare: staff edits). */
  function forgetWhere(matches: (entry: CachedDevice) => boolean) {
    generation += 1;
    for (const [credentialHash, entry] of entries) if (matches(entry)) remove(credentialHash);
  }

  function keep(entry: CachedDevice) {
    const previous = hashByDevice.get(entry.device.id);
    if (previous !== undefined && previous !== entry.credentialHash) remove(previous);
    const config = configs.get(entry.config.version);
    if (config) entry.config = config;
    else if (configs.size < options.maxEntries) configs.set(entry.config.version, entry.config);
    entries.set(entry.credentialHash, entry);
    hashByDevice.set(entry.device.id, entry.credentialHash);
    // The oldest kept goes first: a device beating every 30 s is read again at most once a round.
    if (entries.size > options.maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) remove(oldest);
    }
  }

  /** `device:slot:level` items: a level as the batch that lowered it left it. */
  function applyLevels(items: string[]) {
    for (const item of items) {
      const [deviceId, slot, level] = item.split(':').map(Number) as [number, number, number];
      touch(deviceId);
      const credentialHash = hashByDevice.get(deviceId);
      const entry = credentialHash === undefined ? undefined : entries.get(credentialHash);
      if (!entry) continue;
      const capsule = entry.capsules.find((held) => held.slot === slot);
      if (capsule) capsule.remainingShots = level;
      else remove(entry.credentialHash);
    }
  }

  function apply(payload: string) {
    const kind = payload[0];
    const items = payload.length > 2 ? payload.slice(2).split(',') : [];
    if (kind === 'l') return applyLevels(items);
    if (kind === 'd') {
      for (const id of items) forgetDevice(Number(id));
      return;
    }
    const ids = new Set(items.map(Number));
    if (kind === 'c') return forgetWhere((entry) => ids.has(entry.config.campaign.campaignId));
    if (kind === 'L') return forgetWhere((entry) => ids.has(entry.device.locationId));
    // '*', or anything this version does not know: nothing kept can be trusted.
    forgetAll();
  }

  const events: NotificationEvents = {
    onNotification: apply,
    onListening: () => {
      forgetAll();
      isListening = options.maxEntries > 0;
    },
    onLost: () => {
      isListening = false;
      forgetAll();
    },
  };

  return {
    /** For the database's listener (`DatabaseHandle.listen`). */
    events,

    /** The view of `credentialHash` if one is kept and fresh; never reads. */
    kept(credentialHash: string): CachedDevice | undefined {
      const kept = entries.get(credentialHash);
      return kept && kept.expiresAt > now() ? kept : undefined;
    },

    /**
     * The device view of `credentialHash`: kept, or read by `read` (and kept when nothing about it was
     * notified meanwhile). `undefined` when no active device holds the credential (never kept).
     */
    async through(
      credentialHash: string,
      read: () => Promise<CachedDevice | undefined>,
    ): Promise<CachedDevice | undefined> {
      const kept = entries.get(credentialHash);
      if (kept) {
        if (kept.expiresAt > now()) {
          counts.hits += 1;
          return kept;
        }
        remove(credentialHash);
      }
      counts.misses += 1;
      if (!isListening) return read();
      const ticket: Ticket = { generation, sequence };
      readsInFlight += 1;
      let entry: CachedDevice | undefined;
      try {
        entry = await read();
      } finally {
        readsInFlight -= 1;
      }
      const touched = entry ? touchedAt.get(entry.device.id) : undefined;
      if (
        entry &&
        isListening &&
        ticket.generation === generation &&
        (touched === undefined || touched <= ticket.sequence)
      ) {
        keep(entry);
      }
      if (readsInFlight === 0) touchedAt.clear();
      return entry;
    },

    /** After this instance changed the device (its capsules, firmware, downloaded version). */
    forget: forgetDevice,

    stats: () => ({ entries: entries.size, configs: configs.size, isListening, ...counts }),
  };
}
