import type { DeviceConfig, HeartbeatBody, ShotBatchAnswer } from '@scentia/shared/device-api.schemas';
import { scheduledIntensityAt } from '@scentia/shared/schedule-times';
import type { Random } from '../demo-data/fleet.ts';
import type { DeviceApi } from './device-api-client.ts';
import type { SimulatorTally } from './tally.ts';

/**
 * One diffuser as the simulator drives it: it fetches its campaign and schedule, reports its capsules
 * every 30 s, fires the shots its schedule allows now (× `speed`), sends them in batches of at most 100
 * entries with its own increasing sequence, now and then sends a batch twice (the server must count it
 * once), and swaps a capsule that ran empty for a new one. On 429 and 5xx it backs off and sends the
 * same batch again.
 */
export type HeldCapsule = {
  slot: number;
  serialNumber: string;
  fragranceId: number;
  sizeShots: number;
  remainingShots: number;
  dueDate: string | null;
};
export type DeviceMemory = {
  deviceId: number;
  credential: string;
  nextSequence?: number;
  /** Capsules this simulator put in (for new serials that no other run used). */
  capsulesInstalled?: number;
};

/**
 * The default `--speed`: an hour of the schedules' rates fired each minute. A shop fires 0–2 shots a
 * minute, so at 1 a short run may show no shot at all; at 60 even the slowest open schedule (the
 * airport's 30 an hour) fires one every 2 s, and the first batch (`FLUSH_MS`) carries several.
 */
export const DEFAULT_SPEED = 60;
const HEARTBEAT_MS = 30_000;
export const FLUSH_MS = 10_000;
const MAX_ENTRIES = 100;
const NEW_CAPSULE_SHOTS = 3_000;
const FIRMWARE = 'sim-1.0.0';

export type DeviceRun = {
  macAddress: string;
  memory: DeviceMemory;
  capsules: HeldCapsule[];
  api: DeviceApi;
  random: Random;
  tally: SimulatorTally;
  speed: number;
  retryRate: number;
  isStopping: () => boolean;
  log: (line: string) => void;
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const dueIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export async function runDevice(run: DeviceRun): Promise<void> {
  const { api, memory, random, tally } = run;
  let config: DeviceConfig | undefined;
  const heldIn = new Map(run.capsules.map((capsule) => [capsule.slot, capsule]));

  /** A new full capsule of the campaign's fragrance in `slot`, with a serial no run used before. */
  const install = (slot: number, fragranceId: number) => {
    memory.capsulesInstalled = (memory.capsulesInstalled ?? 0) + 1;
    const serialNumber = `SIM${run.macAddress.slice(6)}-${slot}-${memory.capsulesInstalled}`;
    heldIn.set(slot, {
      slot,
      serialNumber,
      fragranceId,
      sizeShots: NEW_CAPSULE_SHOTS,
      remainingShots: NEW_CAPSULE_SHOTS,
      dueDate: dueIn(180),
    });
  };

  const heartbeat = async () => {
    const body: HeartbeatBody = { firmwareVersion: FIRMWARE, capsules: [...heldIn.values()] };
    const answer = await api.heartbeat(body);
    if (!answer) return;
    tally.heartbeats += 1;
    for (const reported of answer.capsules) {
      const held = heldIn.get(reported.slot);
      if (held && held.serialNumber === reported.serialNumber) held.remainingShots = reported.remainingShots;
    }
    if (!config || answer.configVersion !== config.version) config = (await api.config(config)) ?? config;
  };

  config = await api.config(undefined);
  if (!config) return;
  // A device put in service with empty slots gets full capsules of its campaign's collection.
  for (const { slot, fragranceId } of config.campaign.collection)
    if (!heldIn.has(slot)) install(slot, fragranceId);
  await heartbeat();

  let pending: { at: string; slot: number; count: number }[] = [];
  let owed = 0;
  let lastTick = Date.now();
  let lastHeartbeat = Date.now();
  let lastFlush = Date.now();

  const send = async (entries: typeof pending) => {
    memory.nextSequence ??= Date.now();
    const sequence = memory.nextSequence;
    memory.nextSequence += 1;
    const body = { sequence, shots: entries };
    const answer = await api.shots(body);
    if (!answer) return;
    recordAnswer(answer);
    tally.batches += 1;
    tally.shotsSent += answer.shots;
    if (random.next() < run.retryRate) {
      const again = await api.shots(body);
      tally.retried += 1;
      if (again?.isNew) run.log(`${run.macAddress}: batch ${sequence} sent twice was counted twice`);
      if (again && again.isNew === false && again.shots === 0) tally.retriedIgnored += 1;
    }
  };
  const recordAnswer = (answer: ShotBatchAnswer) => {
    for (const { slot, remainingShots } of answer.capsules) {
      const held = heldIn.get(slot);
      if (held) held.remainingShots = remainingShots;
    }
  };

  while (!run.isStopping()) {
    await pause(1_000);
    const now = Date.now();
    const intensity = scheduledIntensityAt(config.schedule, config.schedule.timeZone, new Date(now));
    owed += (intensity * run.speed * (now - lastTick)) / 3_600_000;
    lastTick = now;
    let emptied: HeldCapsule | undefined;
    while (owed >= 1) {
      const ready = [...heldIn.values()].filter((capsule) => capsule.remainingShots > 0);
      if (ready.length === 0) {
        owed = 0;
        break;
      }
      const capsule = random.pick(ready);
      const count = Math.min(Math.floor(owed), capsule.remainingShots, 1_000);
      pending.push({ at: new Date(now).toISOString(), slot: capsule.slot, count });
      capsule.remainingShots -= count;
      owed -= count;
      if (capsule.remainingShots === 0) {
        emptied = capsule;
        break;
      }
    }
    if (emptied) {
      // Taken out empty and replaced at once. Its shots go first: the server counts a batch against
      // the capsule in the slot when it arrives, so they must land before the heartbeat reporting the
      // new one (and their answers speak of the old one, not the new).
      for (let index = 0; index < pending.length; index += MAX_ENTRIES)
        await send(pending.slice(index, index + MAX_ENTRIES));
      pending = [];
      lastFlush = now;
      install(emptied.slot, emptied.fragranceId);
      tally.capsulesReplaced += 1;
    }
    while (pending.length >= MAX_ENTRIES) {
      await send(pending.slice(0, MAX_ENTRIES));
      pending = pending.slice(MAX_ENTRIES);
      lastFlush = now;
    }
    if (pending.length > 0 && now - lastFlush >= FLUSH_MS) {
      await send(pending);
      pending = [];
      lastFlush = now;
    }
    if (emptied || now - lastHeartbeat >= HEARTBEAT_MS) {
      await heartbeat();
      lastHeartbeat = now;
    }
  }
  // Stopping: what was fired is still sent, so the server's count matches the device's.
  if (pending.length > 0) await send(pending);
}
