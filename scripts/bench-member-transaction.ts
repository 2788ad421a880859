// A member's dashboard counts through the database handle, without HTTP: the staff's two statements (the
// roll-ups' watermark, then the counts) against the same two in a member's transaction whose answer
// waits for its COMMIT, and in a read-only one whose answer does not (docs/decisions/row-level-security.md).
// The three in turns, the order turning every round, on the member-scope bench's data set
// (scripts/bench-member-scope.mjs seeds it; the Manager's chain is organisation 7): wall p50 and p95
// of each. `npx tsx scripts/bench-member-transaction.ts [rounds]` (300 by default);
// BENCH_MEMBER_DATABASE_URL for another database.
import { loadavg } from 'node:os';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { countRangesFor } from '../apps/api/src/lib/count-period.ts';
import { DashboardRepository } from '../apps/api/src/modules/dashboard/dashboard.repository.ts';

const ROUNDS = Number(process.argv[2] ?? 300);
const WARM_UP = 10;
const CHAIN = 7;
const url =
  process.env.BENCH_MEMBER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/scentia_bench_member_scope';

const handle = await openDatabase({ databaseUrl: url, dataDir: '', poolSize: 2 });
const repository = new DashboardRepository(handle.db);
const scope = { organizationId: CHAIN, locationIds: null };
const counts = () => repository.campaignFragranceCounts(countRangesFor({}), { organizationId: CHAIN });
const ways: Record<string, () => Promise<unknown[]>> = {
  staff: counts,
  'member, COMMIT awaited': () => handle.inMemberTransaction(scope, counts),
  'member, read-only': () => handle.inMemberTransaction(scope, counts, { readOnly: true }),
};
const names = Object.keys(ways);
const times: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
const loadBefore = loadavg()[0];
for (let round = 0; round < ROUNDS + WARM_UP; round += 1)
  for (let turn = 0; turn < names.length; turn += 1) {
    const name = names[(round + turn) % names.length] as string;
    const begun = performance.now();
    const rows = await (ways[name] as () => Promise<unknown[]>)();
    if (rows.length === 0) throw new Error('The chain has no counts: seed the member-scope bench first');
    if (round >= WARM_UP) times[name]?.push(performance.now() - begun);
  }
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? 0;
console.log(
  `${ROUNDS} rounds; load average ${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after`,
);
for (const [name, values] of Object.entries(times))
  console.log(
    `${name}: p50 ${percentile(values, 50).toFixed(2)} ms, p95 ${percentile(values, 95).toFixed(2)} ms`,
  );
// The read-only transactions' last COMMITs are still on their way: their connections come back first.
await new Promise((resolve) => setTimeout(resolve, 200));
await handle.close();
