import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/test-app.ts';
import { pruneFinishedImports } from './import-job-store.ts';

let ctx: TestContext;
let accountId: number;

beforeAll(async () => {
  ctx = await createTestApp({ IMPORT_JOB_WORKER: 'false' });
  accountId = (await ctx.createAccount({ profile: 'OPERADOR' })).id;
});
afterAll(() => ctx?.close());

const DAY_MS = 86_400_000;

/** A job in `state`, ended `daysAgo` days ago (null: not ended), named by its file. */
async function job(fileName: string, state: string, daysAgo: number | null) {
  const finishedAt = daysAgo === null ? null : new Date(Date.now() - daysAgo * DAY_MS).toISOString();
  await ctx.query(sql`insert into record_imports
    (id, record_type, mode, state, file_name, file_kind, account_id, language, finished_at)
    values (gen_random_uuid(), 'organization', 'apply', ${state}, ${fileName}, 'csv', ${accountId}, 'pt-BR',
      ${finishedAt}::timestamptz)`);
}

describe('pruneFinishedImports', () => {
  it('removes the jobs that ended before the cut-off, whatever their end, in batches; keeps the others', async () => {
    await job('velho-feito.csv', 'done', 40);
    await job('velho-falhou.csv', 'failed', 31);
    await job('velho-cancelado.csv', 'cancelled', 35);
    await job('recente.csv', 'done', 5);
    await job('em-curso.csv', 'running', null);
    await job('na-fila.csv', 'queued', null);
    const removed = await pruneFinishedImports(ctx.db, new Date(Date.now() - 30 * DAY_MS), 2);
    expect(removed).toBe(3);
    const left = await ctx.query<{ file_name: string }>(
      sql`select file_name from record_imports where account_id = ${accountId} order by file_name`,
    );
    expect(left.map((row) => row.file_name)).toEqual(['em-curso.csv', 'na-fila.csv', 'recente.csv']);
  });
});
