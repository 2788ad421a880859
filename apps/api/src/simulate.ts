import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { ProvisionAnswer } from '@scentia/shared/device-api.schemas';
import type { DeviceRecord, DeviceRow } from '@scentia/shared/devices.schemas';
import type { Page } from '@scentia/shared/list.schemas';
import { loadConfig } from './config.ts';
import { seededRandom } from './demo-data/fleet.ts';
import { chooseDevices } from './simulator/choose-devices.ts';
import { deviceApiClient } from './simulator/device-api-client.ts';
import { readMemory, writeMemory } from './simulator/memory-file.ts';
import { DEFAULT_SPEED, runDevice } from './simulator/simulated-device.ts';
import { emptyTally, tallyLines } from './simulator/tally.ts';

/**
 * `npm run simulate -- --devices N --seconds S [--seed X] [--retry-rate R] [--speed K]`: drives N of
 * the fleet's active devices, those whose schedule diffuses now first, through the real device API for
 * S seconds (README: Simulating the fleet). It reads the same configuration as the server: the address (SCENTIA_URL, else
 * http://127.0.0.1:$PORT), the provisioning key (DEVICE_PROVISIONING_KEY, else the file the server
 * writes into DATA_DIR), and an administrator to list the devices and their capsules with
 * (ADMIN_EMAIL / ADMIN_PASSWORD, else the demo's administrator with DEMO_PASSWORD). Credentials the
 * devices receive are kept in DATA_DIR/simulator/credentials.json, so the next run reuses them.
 */
const { values: options } = parseArgs({
  options: {
    devices: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '60' },
    seed: { type: 'string', default: '1' },
    'retry-rate': { type: 'string', default: '0.02' },
    speed: { type: 'string', default: String(DEFAULT_SPEED) },
  },
});
const count = Number(options.devices);
const seconds = Number(options.seconds);
const retryRate = Number(options['retry-rate']);
const speed = Number(options.speed);
if (![count, seconds, retryRate, speed].every(Number.isFinite) || count < 1 || seconds <= 0 || speed <= 0) {
  process.stderr.write(
    `Usage: npm run simulate -- --devices N --seconds S [--seed X] [--retry-rate 0.02] [--speed ${DEFAULT_SPEED}]\n`,
  );
  process.exit(2);
}

const config = loadConfig();
const base = (process.env.SCENTIA_URL ?? `http://127.0.0.1:${config.PORT}`).replace(/\/$/, '');
const log = (line: string) => process.stdout.write(`${line}\n`);
const tally = emptyTally();
let isStopping = false;
process.on('SIGINT', () => {
  if (isStopping) process.exit(130);
  log('Stopping: finishing the requests under way (Ctrl-C again to quit at once)...');
  isStopping = true;
});

async function provisioningKey(): Promise<string> {
  if (config.DEVICE_PROVISIONING_KEY) return config.DEVICE_PROVISIONING_KEY;
  try {
    return (await readFile(join(config.DATA_DIR, 'device-provisioning-key'), 'utf8')).trim();
  } catch {
    throw new Error(
      `No provisioning key: set DEVICE_PROVISIONING_KEY, or start the server once with DATA_DIR=${config.DATA_DIR}`,
    );
  }
}

async function staffHeaders() {
  const account =
    config.ADMIN_EMAIL && config.ADMIN_PASSWORD
      ? { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD }
      : { email: 'gestora@scentia.test', password: config.DEMO_PASSWORD };
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (!response.ok) throw new Error(`Signing in as ${account.email} at ${base} answered ${response.status}`);
  const { token } = (await response.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}

async function activeDevices(headers: Record<string, string>): Promise<DeviceRow[]> {
  const rows: DeviceRow[] = [];
  for (let page = 1; ; page += 1) {
    const query = `page=${page}&perPage=50&isActive=true&orderBy=MacAddress&orderByDirection=asc`;
    const response = await fetch(`${base}/api/devices?${query}`, { headers });
    if (!response.ok) throw new Error(`The devices list answered ${response.status}`);
    const answer = (await response.json()) as Page<DeviceRow>;
    rows.push(...answer.data);
    if (page >= answer.totalPages) return rows;
  }
}

async function main() {
  const started = performance.now();
  const headers = await staffHeaders();
  const memory = await readMemory(config.DATA_DIR);
  const random = seededRandom(Number(options.seed) || 1);
  // The same seed picks the same devices: the list in MAC order, shuffled by the seed.
  const candidates = await activeDevices(headers);
  for (let index = candidates.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random.next() * (index + 1));
    [candidates[index], candidates[other]] = [candidates[other] as DeviceRow, candidates[index] as DeviceRow];
  }
  const startedAt = new Date();
  // Those this data folder can drive (its own credential, or none yet), each with its record.
  const drivable: { row: DeviceRow; record: DeviceRecord; schedule: DeviceRecord['schedule'] }[] = [];
  for (const row of candidates) {
    const known = memory.devices[row.macAddress];
    if (!(known && known.deviceId === row.deviceId) && row.isProvisioned) {
      log(`${row.macAddress}: provisioned before, its credential is not in this data folder; skipped`);
      tally.skipped += 1;
      continue;
    }
    const record = (await (
      await fetch(`${base}/api/devices/${row.deviceId}`, { headers })
    ).json()) as DeviceRecord;
    drivable.push({ row, record, schedule: record.schedule });
    // Enough open ones found: a large fleet's other records are not read.
    if (chooseDevices(drivable, count, startedAt).openNow >= count) break;
  }
  const { chosen: picked, openNow } = chooseDevices(drivable, count, startedAt);
  if (openNow === 0) log('None of these devices’ schedules diffuses now: they fire nothing until one opens.');
  else if (openNow < picked.length)
    log(`${openNow} of them diffuse now; the others wait for their opening hours.`);
  const key = await provisioningKey();
  const chosen: { row: DeviceRow; record: DeviceRecord; credential: string }[] = [];
  for (const { row, record } of picked) {
    const known = memory.devices[row.macAddress];
    if (known && known.deviceId === row.deviceId) {
      chosen.push({ row, record, credential: known.credential });
      continue;
    }
    const response = await fetch(`${base}/api/device/provision`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ macAddress: row.macAddress, provisioningKey: key }),
    });
    if (!response.ok) {
      log(`${row.macAddress}: provisioning answered ${response.status} ${await response.text()}; skipped`);
      tally.skipped += 1;
      continue;
    }
    const answer = (await response.json()) as ProvisionAnswer;
    memory.devices[row.macAddress] = { deviceId: answer.deviceId, credential: answer.credential };
    await writeMemory(config.DATA_DIR, memory);
    tally.provisioned += 1;
    chosen.push({ row, record, credential: answer.credential });
  }
  if (chosen.length < count) log(`Only ${chosen.length} of the ${count} devices asked for can be driven.`);
  tally.devices = chosen.length;

  const until = Date.now() + seconds * 1000;
  const timer = setTimeout(() => {
    isStopping = true;
  }, seconds * 1000);
  log(`Driving ${chosen.length} devices at ${base} for ${seconds} s (Ctrl-C stops)...`);
  await Promise.all(
    chosen.map(async ({ row, record, credential }, index) => {
      // Each device's capsules as the server knows them: what the device holds.
      const capsules = (record.capsules ?? []).map((capsule) => ({
        slot: capsule.slot,
        serialNumber: capsule.serialNumber,
        fragranceId: capsule.fragrance.fragranceId,
        sizeShots: capsule.sizeShots,
        remainingShots: capsule.remainingShots,
        dueDate: capsule.dueDate,
      }));
      const stopping = () => isStopping || Date.now() >= until;
      await runDevice({
        macAddress: row.macAddress,
        memory: memory.devices[row.macAddress] as NonNullable<(typeof memory.devices)[string]>,
        capsules,
        api: deviceApiClient({ base, credential, tally, isStopping: stopping, log }),
        random: seededRandom((Number(options.seed) || 1) * 1_000 + index),
        tally,
        speed,
        retryRate,
        isStopping: stopping,
        log,
      });
    }),
  );
  clearTimeout(timer);
  await writeMemory(config.DATA_DIR, memory);
  for (const line of tallyLines(tally, (performance.now() - started) / 1000)) log(line);
}

main().catch((error: unknown) => {
  process.stderr.write(`Simulation failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
