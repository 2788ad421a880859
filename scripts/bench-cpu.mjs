// CPU spent by a process, or by a PostgreSQL cluster as a whole, read from Linux's /proc: what a
// request is charged in the device benches.
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

/** The fields after the parenthesised command name of /proc/<pid>/stat (field 3 is index 0). */
function statFields(pid) {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  } catch {
    return undefined;
  }
}

// Indexes in `statFields`: utime and stime (fields 14, 15), then cutime and cstime (16, 17), the
// children's that ended and were waited for.
const OWN = 11;
const REAPED = 13;

/** The user and system CPU seconds at `first` (OWN or REAPED) of a process's stat fields. */
const cpuSecondsAt = (fields, first) =>
  (Number(fields[first]) + Number(fields[first + 1])) / TICKS_PER_SECOND;

/** User and system CPU seconds of `pid`; with `withReaped`, also its children that have ended. */
export function processCpuSeconds(pid, { withReaped = false } = {}) {
  const fields = statFields(pid);
  if (!fields) return 0;
  return cpuSecondsAt(fields, OWN) + (withReaped ? cpuSecondsAt(fields, REAPED) : 0);
}

/** The postmaster's pid, from the first line of `postmaster.pid` in the cluster's data folder. */
export function postmasterPidOf(dataDir) {
  return Number(readFileSync(`${dataDir}/postmaster.pid`, 'utf8').split('\n')[0]);
}

/**
 * Every CPU second the cluster has spent: the postmaster, every live child (backends, WAL writer,
 * checkpointer, background writer, autovacuum) and the children that ended (an autovacuum worker
 * that came and went between two readings is counted by its parent's reaped time).
 */
export function clusterCpuSeconds(postmasterPid) {
  const { own, reaped, children } = clusterCpuSnapshot(postmasterPid);
  return own + reaped + [...children.values()].reduce((sum, child) => sum + child.seconds, 0);
}

/** A cluster process's role from its title (`postgres: walwriter`, `postgres: user db 127.0.0.1(5) idle`). */
function roleOf(pid) {
  let title = '';
  try {
    title = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    // Gone between its stat and its title: counted with the connections, the most numerous.
    return 'backends';
  }
  for (const role of ['walwriter', 'checkpointer', 'background writer', 'autovacuum', 'logical replication'])
    if (title.includes(role)) return role;
  return 'backends';
}

/**
 * What the cluster has spent so far: each live child's CPU seconds with its role (`backends` for the
 * connections, the WAL writer, the checkpointer, the background writer, autovacuum), the postmaster's
 * own, and its ended children's (`reaped`: autovacuum workers, closed connections).
 */
export function clusterCpuSnapshot(postmasterPid) {
  const fields = statFields(postmasterPid);
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const child = statFields(entry);
    // Field 4 (index 1) is the parent's pid.
    if (!child || Number(child[1]) !== postmasterPid) continue;
    children.set(entry, { role: roleOf(entry), seconds: cpuSecondsAt(child, OWN) });
  }
  return {
    own: fields ? cpuSecondsAt(fields, OWN) : 0,
    reaped: fields ? cpuSecondsAt(fields, REAPED) : 0,
    children,
  };
}

/**
 * The cluster's CPU seconds between two snapshots, by role. A child that ended in between is counted in
 * `ended` for its time after the first snapshot only (its whole life is in the postmaster's reaped time).
 */
export function clusterCpuByRoleBetween(before, after) {
  const roles = { postmaster: after.own - before.own };
  for (const [pid, child] of after.children)
    roles[child.role] = (roles[child.role] ?? 0) + child.seconds - (before.children.get(pid)?.seconds ?? 0);
  let endedBefore = 0;
  for (const [pid, child] of before.children) if (!after.children.has(pid)) endedBefore += child.seconds;
  roles.ended = after.reaped - before.reaped - endedBefore;
  return roles;
}

/** Bytes a process has caused to be written to storage (`write_bytes` of /proc/<pid>/io), 0 once gone. */
function writeBytesOf(pid) {
  try {
    const line = readFileSync(`/proc/${pid}/io`, 'utf8')
      .split('\n')
      .find((text) => text.startsWith('write_bytes:'));
    return Number(line?.split(':')[1] ?? 0);
  } catch {
    return 0;
  }
}

/**
 * Bytes the cluster's live processes have written to storage (WAL, data files flushed by the
 * checkpointer and the background writer, temporary files). Processes that ended between two readings
 * (an autovacuum worker) are not in it: Linux keeps no reaped sum of them.
 */
export function clusterWriteBytes(postmasterPid) {
  let total = writeBytesOf(postmasterPid);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(entry);
    if (fields && Number(fields[1]) === postmasterPid) total += writeBytesOf(entry);
  }
  return total;
}
