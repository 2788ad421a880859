// CPU of the JavaScript steps a device heartbeat goes through in the server, alone, in microseconds a
// call (process CPU time, not wall time, so a loaded machine inflates it less than a whole request):
// the input guard's walk of the body, zod's validation of the body and the hand check that takes the
// usual body before it (modules/device-api/heartbeat-body.ts), zod's pass over the answer (which
// the device routes skip since lib/built-answer-serializer.ts) and writing the answer as JSON.
// `npx tsx scripts/bench-device-answer-steps.ts` (docs/performance/device-request-cost.md).
import { heartbeatAnswerSchema, heartbeatBodySchema } from '@scentia/shared/device-api.schemas';
import { findUnsafeText } from '../apps/api/src/lib/unsafe-text.ts';
import { plainHeartbeatBody } from '../apps/api/src/modules/device-api/heartbeat-body.ts';

const CALLS = Number(process.env.BENCH_STEPS_CALLS ?? 20_000);
const SLOTS = 20;

const body = {
  firmwareVersion: 'bench-1',
  capsules: Array.from({ length: SLOTS }, (_, slot) => ({
    slot: slot + 1,
    serialNumber: `BENCH-1234-${slot + 1}`,
    fragranceId: slot + 1,
    sizeShots: 1_000_000,
    remainingShots: 1_000_000,
  })),
};
const answer = {
  serverTime: new Date().toISOString(),
  configVersion: 'AbCdEfGhIjKlMnOp',
  capsules: body.capsules.map(({ slot, serialNumber, remainingShots }) => ({
    slot,
    serialNumber,
    remainingShots,
  })),
};

/** Microseconds of process CPU a call of `step`, after as many calls to warm it up. */
function cpuPerCall(step: () => unknown): number {
  for (let call = 0; call < CALLS; call += 1) step();
  const before = process.cpuUsage();
  for (let call = 0; call < CALLS; call += 1) step();
  const spent = process.cpuUsage(before);
  return (spent.user + spent.system) / CALLS;
}

const steps: [string, () => unknown][] = [
  ['input guard: the body walked (findUnsafeText)', () => findUnsafeText(body)],
  ['zod: the body validated (heartbeatBodySchema)', () => heartbeatBodySchema.safeParse(body)],
  [
    'the body checked by hand (plainHeartbeatBody, zod only for what it does not take)',
    () => plainHeartbeatBody(body),
  ],
  ['zod: the answer passed through its schema', () => heartbeatAnswerSchema.safeParse(answer)],
  ['the answer written as JSON', () => JSON.stringify(answer)],
];
console.log(`${CALLS} calls a step, 20 capsules\n\n| step | CPU a call |\n|---|---|`);
for (const [name, step] of steps) console.log(`| ${name} | ${cpuPerCall(step).toFixed(2)} µs |`);
