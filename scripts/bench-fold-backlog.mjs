// What the fold benches share: a backlog of acknowledged batches folded by folds side by side, with the
// batches folded a second and the PostgreSQL CPU a batch (bench-shot-fold.mjs on a fresh shop,
// bench-fleet-at-scale.mjs on 100,000 devices' tables).
import { clusterCpuSeconds } from './bench-cpu.mjs';

/** `'1x1000,2x1000'`: each shape folds side by side × batches a fold transaction. */
export function foldShapesOf(text) {
  return text.split(',').map((shape) => {
    const [sides, limit] = shape.split('x').map(Number);
    return { name: shape, sides, limit };
  });
}

/**
 * Folds everything left, `sides` folds side by side on `clients` (one connection each), at most
 * `limit` batches a fold transaction, each fold until it finds less than that; answers its figures.
 */
export async function foldBacklog(clients, postmaster, { sides, limit }) {
  const cpuBefore = clusterCpuSeconds(postmaster);
  const started = performance.now();
  const folded = await Promise.all(
    clients.slice(0, sides).map(async (client) => {
      let total = 0;
      for (;;) {
        const { rows } = await client.query('select fold_shot_batches($1::integer, false) as n', [limit]);
        total += rows[0].n;
        if (rows[0].n < limit) return total;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const batches = folded.reduce((sum, count) => sum + count, 0);
  const cpu = clusterCpuSeconds(postmaster) - cpuBefore;
  return { batches, seconds, perSecond: batches / seconds, cpuMsPerBatch: (cpu * 1000) / batches };
}
