// What the device benches share: one shop's fleet seeded by SQL, the devices provisioned and heard
// from through the device API, and the CPU a process has spent (to charge each request its cost).
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';

/** The capsules a bench device reports: one per slot, full. */
export const SLOTS = 20;

/** The provisioning key every device bench's server and devices share. */
export const BENCH_PROVISIONING_KEY = 'bench-provisioning-key-0123456789';

/**
 * A device bench's server environment: its files in `dataDir`, the bench's provisioning key, and the
 * per-device request limit out of the way (the limit is not what these benches measure).
 */
export const deviceBenchEnv = (dataDir) => ({
  DATA_DIR: dataDir,
  DEVICE_PROVISIONING_KEY: BENCH_PROVISIONING_KEY,
  DEVICE_REQUESTS_PER_MINUTE: '1000000',
});

const TICKS_PER_SECOND = 100;
const HEARTBEAT_MS = 30_000;
const FLUSH_MS = 10_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** One organisation and location, a campaign of `SLOTS` fragrances, a device per MAC in `macs`. */
export async function seedShopFleet(client, macs) {
  await client.query('begin');
  await client.query(`select set_config('scentia.audit', 'off', true)`);
  await client.query(`insert into categories (name) values ('Cítricos')`);
  await client.query(`insert into fragrances (name, olfactory_way, category_id)
    select 'Fragrância ' || i, 'Cítrico', 1 from generate_series(1, ${SLOTS}) i`);
  await client.query(`insert into campaigns (name) values ('Coleção da bancada')`);
  await client.query(`insert into campaign_slots (campaign_id, slot, fragrance_id)
    select 1, i, i from generate_series(1, ${SLOTS}) i`);
  await client.query(
    `insert into organizations (name, legal_name, cnpj) values ('Bancada', 'Bancada Ltda', '11222333000181')`,
  );
  await client.query(`insert into locations (organization_id, name) values (1, 'Loja da bancada')`);
  await client.query(
    `insert into devices (mac_address, location_id, organization_id, campaign_id)
     select unnest($1::text[]), 1, 1, 1`,
    [macs],
  );
  await client.query('commit');
}

/** Runs `work(item)` over `items`, `limit` at a time. */
export async function inParallel(items, limit, work) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

/** A heartbeat reporting every slot's capsule of `size` shots, full. */
export const heartbeatOf = (deviceId, size) => ({
  firmwareVersion: 'bench-1',
  capsules: Array.from({ length: SLOTS }, (_, slot) => ({
    slot: slot + 1,
    serialNumber: `BENCH-${deviceId}-${slot + 1}`,
    fragranceId: slot + 1,
    sizeShots: size,
    remainingShots: size,
  })),
});

/**
 * Each MAC of `macs` provisioned with `provisioningKey` and heard from once (its capsules of
 * `capsuleSize` shots), 20 at a time; answers the devices with their request headers.
 */
export async function provisionFleet(base, { macs, provisioningKey, capsuleSize }) {
  const devices = [];
  await inParallel(macs, 20, async (macAddress) => {
    const response = await fetch(`${base}/api/device/provision`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ macAddress, provisioningKey }),
    });
    if (!response.ok) throw new Error(`Provisioning answered ${response.status}: ${await response.text()}`);
    const { credential, deviceId } = await response.json();
    const headers = { authorization: `Bearer ${credential}`, 'content-type': 'application/json' };
    const heartbeat = await fetch(`${base}/api/device/heartbeat`, {
      method: 'POST',
      headers,
      body: JSON.stringify(heartbeatOf(deviceId, capsuleSize)),
    });
    if (!heartbeat.ok) throw new Error(`Heartbeat answered ${heartbeat.status}: ${await heartbeat.text()}`);
    devices.push({ deviceId, headers, sequence: 0, busy: false });
  });
  return devices;
}

/**
 * Takes turns over `devices`: each call answers the next one with no request under way (a device sends
 * one request at a time, as a diffuser does), or undefined when every one is busy.
 */
export function idleDevicePicker(devices) {
  let cursor = 0;
  return () => {
    for (let tries = 0; tries < devices.length; tries += 1) {
      const candidate = devices[cursor++ % devices.length];
      if (!candidate.busy) return candidate;
    }
    return undefined;
  };
}

/** User and system CPU seconds of the process `pid` (0 once it is gone; Linux's /proc). */
export function cpuSecondsOf(pid) {
  try {
    // Fields 14 and 15 (utime, stime), counted after the parenthesised command name.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** The database backends serving `client`'s database, other than `client`'s own. */
export async function backendPids(client) {
  const { rows } = await client.query(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  return rows.map((row) => row.pid);
}

/**
 * POSTs of the devices' JSON to the server at `base` on `sockets` kept-alive sockets (node:http rather
 * than fetch): the devices are other machines, so the client's own CPU, which shares the two cores with
 * the server and the database, is kept small. `post` answers the parsed body, and fails on any status
 * but 200; `close` ends the sockets.
 */
export function devicePoster(base, sockets) {
  const agent = new Agent({ keepAlive: true, maxSockets: sockets });
  const { hostname, port } = new URL(base);
  const post = (device, path, body) =>
    new Promise((resolve, reject) => {
      const payload = JSON.stringify(body);
      const outgoing = request(
        {
          agent,
          hostname,
          port,
          method: 'POST',
          path,
          headers: { ...device.headers, 'content-length': Buffer.byteLength(payload) },
        },
        (response) => {
          const chunks = [];
          response.on('data', (chunk) => chunks.push(chunk));
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString();
            if (response.statusCode !== 200)
              reject(new Error(`${path} answered ${response.statusCode}: ${text}`));
            else resolve(JSON.parse(text));
          });
          response.on('error', reject);
        },
      );
      outgoing.on('error', reject);
      outgoing.end(payload);
    });
  return { post, close: () => agent.destroy() };
}

/**
 * Drives one device until `until` at a real cadence: a heartbeat every 30 s, its shots (one every
 * `shotEverySeconds`) flushed every 10 s, and its configuration fetched when a heartbeat says it
 * changed. Latencies go to `tally.latencies[kind]`, failures to `tally.errors`, shots acknowledged to
 * `tally.shots`, new versions fetched to `tally.fetches`. `http` is a requester (bench-requester.mjs).
 */
export async function driveDevice(device, http, until, tally, { shotEverySeconds }) {
  const timed = async (kind, work) => {
    const started = performance.now();
    try {
      await work();
      tally.latencies[kind].push(performance.now() - started);
    } catch (error) {
      tally.errors.push(`${kind}: ${error.message}`);
    }
  };
  const beat = () =>
    timed('heartbeat', async () => {
      const answer = await http.send('POST', '/api/device/heartbeat', device.headers, device.heartbeat);
      if (answer.status !== 200) throw new Error(`answered ${answer.status}`);
      if (answer.body.configVersion !== device.version) {
        await timed('configuration', async () => {
          const fetched = await http.send('GET', '/api/device/config', {
            ...device.headers,
            'if-none-match': `"${device.version}"`,
          });
          if (fetched.status !== 200) throw new Error(`answered ${fetched.status}`);
          device.version = fetched.body.version;
          tally.fetches += 1;
        });
      }
    });
  const flush = () =>
    timed('shots', async () => {
      const count = Math.max(1, Math.round((FLUSH_MS / 1000 / shotEverySeconds) * (0.5 + Math.random())));
      const now = Date.now();
      const shots = Array.from({ length: count }, () => ({
        at: new Date(now - Math.floor(Math.random() * FLUSH_MS)).toISOString(),
        slot: 1 + Math.floor(Math.random() * SLOTS),
        count: 1,
      }));
      device.sequence += 1;
      const answer = await http.send('POST', '/api/device/shots', device.headers, {
        sequence: device.sequence,
        shots,
      });
      if (answer.status !== 200 || !answer.body.isNew) throw new Error(`answered ${answer.status}`);
      tally.shots += count;
    });
  let nextBeat = Date.now() + Math.random() * HEARTBEAT_MS;
  let nextFlush = Date.now() + Math.random() * FLUSH_MS;
  while (Date.now() < until) {
    await sleep(Math.max(0, Math.min(nextBeat, nextFlush) - Date.now()));
    if (Date.now() >= until) break;
    if (nextBeat <= nextFlush) {
      nextBeat += HEARTBEAT_MS;
      await beat();
    } else {
      nextFlush += FLUSH_MS;
      await flush();
    }
  }
}
