import { createHash } from 'node:crypto';
import type { DeviceConfig } from '@scentia/shared/device-api.schemas';
import { ErrorCode } from '@scentia/shared/error-codes';
import type { NotificationEvents, NotificationListener } from '../../db/notification-listener.ts';
import type { PreparedQuery } from '../../db/prepared-query.ts';
import { AppError } from '../../lib/app-error.ts';
import { type ConfigSource, readDeviceView } from './device-view.repository.ts';
import { type CachedDevice, createDeviceViewCache, DEVICE_VIEW_CHANNEL } from './device-view-cache.ts';
import { createSeenTimesWriter, type SeenTimes } from './seen-times-writer.ts';

/**
 * A kept device view is read again at least this often, whatever the notifications said: a floor under
 * what a fault nobody foresaw could leave wrong.
 */
const VIEW_TTL_MS = 10 * 60_000;
/** The longest a last-seen time waits to be written with the others (less when the precision is short). */
const SEEN_WRITE_INTERVAL_MS = 5_000;

/** The version of a configuration: a short hash of its content, also its ETag. */
function versionOf(content: Omit<DeviceConfig, 'version'>): string {
  return createHash('sha256').update(JSON.stringify(content)).digest('base64url').slice(0, 16);
}

function configOf(source: ConfigSource): DeviceConfig {
  const content: Omit<DeviceConfig, 'version'> = {
    campaign: {
      campaignId: source.campaign.id,
      name: source.campaign.name,
      fragranceShots: source.campaign.fragranceShots,
      updatedAt: source.campaign.updatedAt,
      collection: source.collection,
      initiativeId: source.initiativeId,
    },
    schedule: source.schedule,
  };
  return { version: versionOf(content), ...content };
}

/**
 * What the heartbeat and configuration routes know of the calling device: its view, kept by this
 * instance while the database's notifications arrive (device-view-cache.ts), read otherwise; and its
 * last-seen times, written together every few seconds (seen-times-writer.ts).
 */
export function createDeviceViews(deps: {
  /** For the device view, read when this instance holds none for the credential (db/prepared-query.ts). */
  preparedQuery: PreparedQuery;
  /** The database's notifications, which keep the kept views right (migration 0048). */
  listen: (channel: string, events: NotificationEvents) => NotificationListener;
  /** Device views kept in memory at most; 0 keeps none (every request reads the database). */
  maxEntries: number;
  writeSeenTimes: (rows: SeenTimes[]) => Promise<void>;
  /** Told when the last-seen times could not be written (they are tried again at the next round). */
  onSeenWriteError: (error: unknown) => void;
  /** See `createDeviceApiService`. */
  seenPrecisionSeconds: number;
  now: () => Date;
}) {
  const cache = createDeviceViewCache({ maxEntries: deps.maxEntries });
  const seenWriteIntervalMs = Math.min(SEEN_WRITE_INTERVAL_MS, (deps.seenPrecisionSeconds * 1000) / 2);
  const seenTimes = createSeenTimesWriter({
    write: deps.writeSeenTimes,
    intervalMs: seenWriteIntervalMs,
    onError: deps.onSeenWriteError,
  });
  /** A time written this long ago is queued again, so that it is in the database within the precision. */
  const seenRefreshMs = deps.seenPrecisionSeconds * 1000 - seenWriteIntervalMs;
  let listener: NotificationListener | undefined;

  async function read(credentialHash: string): Promise<CachedDevice | undefined> {
    const view = await readDeviceView(deps.preparedQuery, credentialHash, deps.now());
    if (!view) return undefined;
    const readAt = Date.now();
    return {
      credentialHash,
      device: view.device,
      firmwareVersion: view.firmwareVersion,
      configVersion: view.configVersion,
      capsules: view.capsules,
      config: configOf(view.config),
      expiresAt: readAt + Math.min(VIEW_TTL_MS, view.validForMs),
      seenAt: view.seenAgoMs === null ? Number.NEGATIVE_INFINITY : readAt - view.seenAgoMs,
      heardAt: view.heardAgoMs === null ? Number.NEGATIVE_INFINITY : readAt - view.heardAgoMs,
    };
  }

  /**
   * The device was heard from by a request that changed nothing else: its time is queued for the next
   * write once what was written is getting old, and nothing is written otherwise.
   */
  function markHeard(view: CachedDevice, isHeartbeat: boolean) {
    const at = Date.now();
    const isSeenOld = at - view.seenAt >= seenRefreshMs;
    if (!isSeenOld && !(isHeartbeat && at - view.heardAt >= seenRefreshMs)) return;
    seenTimes.queue(view.device.id, at, isHeartbeat);
    view.seenAt = at;
    if (isHeartbeat) view.heardAt = at;
  }

  return {
    /** The active device holding the credential, with what it plays; 401 when there is none. */
    async of(credentialHash: string): Promise<CachedDevice> {
      const view = await cache.through(credentialHash, () => read(credentialHash));
      if (!view) throw new AppError(ErrorCode.DEVICE_CREDENTIAL_INVALID);
      return view;
    },

    /** See `markHeard` above. */
    markHeard,

    /**
     * A shot batch of the device was acknowledged (which writes no last-seen time, migration 0051): as
     * `markHeard` when its view is kept here, with the levels its answer gave, else its time is queued
     * (written once a round whatever the number of batches).
     */
    markSeen(
      credentialHash: string,
      deviceId: number,
      answered: readonly { slot: number; remainingShots: number }[] = [],
    ) {
      const view = cache.kept(credentialHash);
      if (view?.device.id !== deviceId) {
        seenTimes.queue(deviceId, Date.now(), false);
        return;
      }
      markHeard(view, false);
      // The batch's answer counts its shots before the fold credits them (about a second later, then
      // notified): a heartbeat here meanwhile answers these levels, not the ones before the batch.
      for (const { slot, remainingShots } of answered) {
        const held = view.capsules.find((capsule) => capsule.slot === slot);
        if (held) held.remainingShots = remainingShots;
      }
    },

    /** After this instance changed the device: its notification is on its way, this instance knows now. */
    forget: cache.forget,

    /** Starts listening for changes (views are kept only while it listens) and the last-seen writes. */
    start() {
      seenTimes.start();
      if (deps.maxEntries > 0) listener ??= deps.listen(DEVICE_VIEW_CHANNEL, cache.events);
    },

    /** Stops listening, and writes the last-seen times still waiting. */
    async stop() {
      await listener?.close();
      listener = undefined;
      await seenTimes.stop();
    },

    /** For tests and benchmarks. */
    stats: cache.stats,
    /** Resolves once every change committed before the call has reached the kept views. */
    caughtUp: async () => {
      await listener?.caughtUp();
    },
    /** Writes the last-seen times waiting now. */
    writeSeenTimes: () => seenTimes.flush(),
  };
}

export type DeviceViews = ReturnType<typeof createDeviceViews>;
