/** A device's last-seen (and, for a heartbeat, last heartbeat) time, as an age when it is written. */
export type SeenTimes = { deviceId: number; seenAgoMs: number; heardAgoMs: number | null };

type Pending = { seenAt: number; heardAt: number | null };

/**
 * The last-seen times of devices whose requests changed nothing else, written together: every few
 * seconds one statement for every device heard from meanwhile, instead of one write per request. The
 * times are sent as ages, so the database's clock stamps them (as `now()` did), whatever this
 * process's clock says. What a crash loses is what waited here: at most one interval of last-seen
 * times, which the devices' next requests write again; never a shot or a level, which their own
 * requests commit before answering.
 */
export function createSeenTimesWriter(deps: {
  write: (rows: SeenTimes[]) => Promise<void>;
  intervalMs: number;
  onError: (error: unknown) => void;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  let pending = new Map<number, Pending>();
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> = Promise.resolve();

  async function writePending() {
    if (pending.size === 0) return;
    const taken = pending;
    pending = new Map();
    const at = now();
    const rows = [...taken].map(([deviceId, times]) => ({
      deviceId,
      seenAgoMs: Math.max(0, at - times.seenAt),
      heardAgoMs: times.heardAt === null ? null : Math.max(0, at - times.heardAt),
    }));
    try {
      await deps.write(rows);
    } catch (error) {
      deps.onError(error);
      // Kept for the next round, behind anything newer queued meanwhile.
      for (const [deviceId, times] of taken) if (!pending.has(deviceId)) pending.set(deviceId, times);
    }
  }

  /** One write at a time: a slow round is not overtaken by the next. */
  function flush(): Promise<void> {
    flushing = flushing.then(writePending);
    return flushing;
  }

  return {
    /** The device was heard from at `at` (ms); `isHeartbeat` also moves its last heartbeat. */
    queue(deviceId: number, at: number, isHeartbeat: boolean) {
      const known = pending.get(deviceId);
      pending.set(deviceId, {
        seenAt: Math.max(at, known?.seenAt ?? at),
        heardAt: isHeartbeat ? Math.max(at, known?.heardAt ?? at) : (known?.heardAt ?? null),
      });
    },
    /** Writes what waits now (tests, and the last round when the server stops). */
    flush,
    start() {
      timer ??= setInterval(() => {
        flush().catch(() => {});
      }, deps.intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await flush();
    },
  };
}
