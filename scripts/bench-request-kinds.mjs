// The kinds of device request the cost benches measure, and how one is measured: each kind runs
// `runs` times for `seconds` s from `concurrency` requests at once, one request at a time per device,
// every answer checked; each run is charged the CPU of the servers and of the whole PostgreSQL cluster
// (bench-cpu.mjs), the WAL it wrote and the bytes the cluster's processes wrote to disk. Shared by
// bench-device-request-cost.mjs (a fresh shop of 1,000 devices) and bench-fleet-at-scale.mjs (the same
// kinds on tables of 100,000 devices).
import { loadavg } from 'node:os';
import {
  clusterCpuByRoleBetween,
  clusterCpuSnapshot,
  clusterWriteBytes,
  processCpuSeconds,
} from './bench-cpu.mjs';
import { heartbeatOf, idleDevicePicker, SLOTS } from './bench-fleet.mjs';
import { shotBatchesFolded } from './bench-support.mjs';

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export function expectStatus(answer, status, what) {
  if (answer.status !== status)
    throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** `send(device)` from `concurrency` workers for `seconds`, one request at a time per device. */
async function phase(devices, send, { seconds, concurrency }) {
  const nextIdle = idleDevicePicker(devices);
  let count = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const device = nextIdle();
        if (!device) {
          await new Promise((resolve) => setImmediate(resolve));
          continue;
        }
        device.busy = true;
        await send(device);
        count += 1;
        device.busy = false;
      }
    }),
  );
  return count;
}

/**
 * The request kinds, sent through `send` (bench-requester.mjs); `only` keeps a subset: a name that is a
 * kind's whole name keeps that kind alone ('shot batch of 10' is not also 'shot batch of 100'), any
 * other name the kinds it begins ('heartbeat' keeps both heartbeats). Devices carry `deviceId`, `headers`, `sequence` and, for the 304 fetch, `etag`.
 */
export function requestKinds({ send }, { capsuleSize, nextSpareMac, provisioningKey, only }) {
  const shotBatch = (size) => async (device) => {
    device.sequence += 1;
    const at = new Date().toISOString();
    const shots = Array.from({ length: size }, () => ({
      at,
      slot: 1 + Math.floor(Math.random() * SLOTS),
      count: 1,
    }));
    const body = expectStatus(
      await send('POST', '/api/device/shots', device.headers, { sequence: device.sequence, shots }),
      200,
      'A batch',
    );
    if (!body.isNew || body.shots !== size)
      throw new Error(`A batch was not counted: ${JSON.stringify(body)}`);
  };
  const kinds = [
    {
      name: 'heartbeat, 20 capsules unchanged',
      send: async (device) => {
        const body = expectStatus(
          await send(
            'POST',
            '/api/device/heartbeat',
            device.headers,
            heartbeatOf(device.deviceId, capsuleSize),
          ),
          200,
          'A heartbeat',
        );
        if (body.capsules.length !== SLOTS)
          throw new Error(`A heartbeat lost capsules: ${JSON.stringify(body)}`);
      },
    },
    {
      // Slot 1's capsule swapped for another and back: each heartbeat takes one out and puts one in.
      name: 'heartbeat, one capsule changed',
      send: async (device) => {
        device.isSwapped = !device.isSwapped;
        const heartbeat = heartbeatOf(device.deviceId, capsuleSize);
        if (device.isSwapped) heartbeat.capsules[0].serialNumber += '-B';
        const body = expectStatus(
          await send('POST', '/api/device/heartbeat', device.headers, heartbeat),
          200,
          'A heartbeat',
        );
        if (body.capsules[0].serialNumber !== heartbeat.capsules[0].serialNumber)
          throw new Error('A capsule did not change');
      },
    },
    { name: 'shot batch of 10', send: shotBatch(10) },
    { name: 'shot batch of 100', send: shotBatch(100) },
    {
      name: 'configuration fetch answered 304',
      send: async (device) => {
        const answer = await send('GET', '/api/device/config', {
          ...device.headers,
          'if-none-match': device.etag,
        });
        expectStatus(answer, 304, 'A configuration fetch');
      },
    },
    {
      name: 'provisioning (a device paired with the server)',
      send: async () => {
        const answer = await send(
          'POST',
          '/api/device/provision',
          { 'content-type': 'application/json' },
          { macAddress: nextSpareMac(), provisioningKey },
        );
        expectStatus(answer, 201, 'A provisioning');
      },
    },
  ];
  const names = new Set(kinds.map((kind) => kind.name));
  return kinds.filter(
    (kind) =>
      (nextSpareMac || !kind.name.startsWith('provisioning')) &&
      (!only || only.some((name) => (names.has(name) ? kind.name === name : kind.name.startsWith(name)))),
  );
}

/**
 * One kind measured `runs` times: answers the runs (load at the start, requests, server and cluster
 * CPU a request, WAL and disk bytes a request) and their medians. `serverPids` are the servers charged.
 */
export async function measureKind(
  kind,
  { devices, client, serverPids, postmaster, runs, seconds, concurrency },
) {
  const measured = [];
  const serverCpu = () => serverPids.reduce((sum, pid) => sum + processCpuSeconds(pid), 0);
  for (let run = 0; run < runs; run += 1) {
    const load = loadavg()[0];
    const walBefore = (await client.query('select pg_current_wal_lsn() as lsn')).rows[0].lsn;
    const writtenBefore = clusterWriteBytes(postmaster);
    const serverBefore = serverCpu();
    const clusterBefore = clusterCpuSnapshot(postmaster);
    const count = await phase(devices, kind.send, { seconds, concurrency });
    // Since migration 0050 a batch's counting finishes in the fold: the window ends once every batch
    // the kind sent is folded, so the fold's CPU (server and PostgreSQL) is in the figure.
    await shotBatchesFolded(client);
    const serverMs = ((serverCpu() - serverBefore) * 1000) / count;
    const roleMs = Object.fromEntries(
      Object.entries(clusterCpuByRoleBetween(clusterBefore, clusterCpuSnapshot(postmaster))).map(
        ([role, seconds]) => [role, (seconds * 1000) / count],
      ),
    );
    const databaseMs = Object.values(roleMs).reduce((sum, ms) => sum + ms, 0);
    // WAL written a request: what the machine's load does not change.
    const wal = await client.query('select pg_wal_lsn_diff(pg_current_wal_lsn(), $1)::float8 as bytes', [
      walBefore,
    ]);
    const walBytes = wal.rows[0].bytes / count;
    const diskBytes = (clusterWriteBytes(postmaster) - writtenBefore) / count;
    measured.push({
      load,
      count,
      serverMs,
      databaseMs,
      totalMs: serverMs + databaseMs,
      walBytes,
      diskBytes,
      roleMs,
    });
  }
  const row = {
    kind: kind.name,
    loads: measured.map((run) => run.load.toFixed(2)).join(' / '),
    perSecond: median(measured.map((run) => run.count / seconds)),
  };
  for (const key of ['serverMs', 'databaseMs', 'totalMs', 'walBytes', 'diskBytes'])
    row[key] = median(measured.map((run) => run[key]));
  // PostgreSQL's part by process (backends, WAL writer, checkpointer, autovacuum…), each a median.
  const roles = new Set(measured.flatMap((run) => Object.keys(run.roleMs)));
  row.databaseMsByRole = Object.fromEntries(
    [...roles].map((role) => [role, median(measured.map((run) => run.roleMs[role] ?? 0))]),
  );
  return { row, runs: measured };
}
