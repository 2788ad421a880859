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

/** User and system CPU seconds of `pid`; with `withReaped`, also its children that have ended. */
export function processCpuSeconds(pid, { withReaped = false } = {}) {
  const fields = statFields(pid);
  if (!fields) return 0;
  const own = Number(fields[11]) + Number(fields[12]);
  const reaped = withReaped ? Number(fields[13]) + Number(fields[14]) : 0;
  return (own + reaped) / TICKS_PER_SECOND;
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
  let total = processCpuSeconds(postmasterPid, { withReaped: true });
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(entry);
    // Field 4 (index 1) is the parent's pid.
    if (fields && Number(fields[1]) === postmasterPid)
      total += (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  }
  return total;
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
