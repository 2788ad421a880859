import type { ImportReport } from '@scentia/shared/record-import.schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextCnpj } from '../../../../test/cnpjs.ts';
import { csvFile, importCall } from '../../../../test/import-files.ts';
import { createTestApp, type TestContext } from '../../../../test/test-app.ts';
import type { Account } from '../../account.ts';
import type { ImportDeclaration } from './import-declaration.ts';

// A file of more than 20 data rows runs as a job; no timer runs it: each test is the worker
// (`runDue`), so what happens between the queueing and the run is the test's to decide.
let ctx: TestContext;
let operator: { id: number; token: string };
let other: { token: string };
let admin: { token: string };

beforeAll(async () => {
  ctx = await createTestApp({ IMPORT_JOB_MIN_ROWS: '20', IMPORT_JOB_WORKER: 'false' });
  const signedIn = async (profile: string) => {
    const account = await ctx.createAccount({ profile });
    return { id: account.id, token: (await ctx.signIn(account.email, account.password)).token };
  };
  operator = await signedIn('OPERADOR');
  other = await signedIn('OPERADOR');
  admin = await signedIn('ADMIN');
});
afterAll(() => ctx?.close());

const sessionOf = (token: string) => ({
  ctx,
  headers: (language = 'pt-BR') => ({ authorization: `Bearer ${token}`, 'content-language': language }),
});
const asOperator = () => ({ id: operator.id, profileName: 'OPERADOR' }) as Account;

let sequence = 0;
/** A file of `count` new organisations, each with a CNPJ of its own; answers it and the CNPJs. */
function organizationsFile(count: number) {
  sequence += 1;
  const cnpjs = Array.from({ length: count }, () => nextCnpj());
  const rows = cnpjs.map((cnpj, index) => [`Job ${sequence}-${index}`, `Job ${cnpj} Ltda`, cnpj, 'Recife']);
  return { cnpjs, bytes: Buffer.from(csvFile([['name', 'legalName', 'cnpj', 'city'], ...rows], ',')) };
}

async function queue(bytes: Buffer, mode: 'check' | 'apply'): Promise<ImportReport> {
  const response = await importCall(sessionOf(operator.token), '/api/organizations', bytes, mode);
  expect(response.statusCode, response.body).toBe(202);
  return response.json() as ImportReport;
}

const report = (id: string, token = operator.token) =>
  ctx.app.inject({ method: 'GET', url: `/api/imports/${id}`, headers: { authorization: `Bearer ${token}` } });

async function countOf(cnpjs: string[]): Promise<number> {
  const [row] = await ctx.query<{ count: number }>(
    sql`select count(*)::int as count from organizations where cnpj in (${sql.join(
      cnpjs.map((cnpj) => sql`${cnpj}`),
      sql`, `,
    )})`,
  );
  return row?.count ?? 0;
}

/** Re-registers the organisations' import with `change` applied (restored after `work`). */
async function withDeclaration(
  change: (declaration: ImportDeclaration<unknown>) => ImportDeclaration<unknown>,
  work: () => Promise<void>,
) {
  const registered = ctx.app.importJobs.registered('organization');
  if (!registered) throw new Error('organisations declare no import');
  ctx.app.importJobs.register(change(registered.declaration), registered.db);
  try {
    await work();
  } finally {
    ctx.app.importJobs.register(registered.declaration, registered.db);
  }
}

describe('POST /api/organizations/import (a large file)', () => {
  it('answers 202 with the queued report, and the job applies it with one audit event per row', async () => {
    const file = organizationsFile(30);
    const queued = await queue(file.bytes, 'apply');
    expect(queued).toMatchObject({ state: 'queued', processed: 0, total: null, applied: false });
    expect((await report(queued.id)).json()).toMatchObject({ state: 'queued' });

    await ctx.app.importJobs.runDue('worker-a');
    const done = (await report(queued.id)).json() as ImportReport;
    expect(done).toMatchObject({
      state: 'done',
      processed: 30,
      total: 30,
      applied: true,
      counts: { insert: 30, update: 0, unchanged: 0, invalid: 0 },
      errors: [],
    });
    expect(done.finishedAt).not.toBeNull();
    expect(await countOf(file.cnpjs)).toBe(30);
    const events = await ctx.query<{ action: string; changes: number; actor: number }>(
      sql`select e.action, e.actor_id as actor, count(c.id)::int as changes
          from audit_events e join audit_changes c on c.event_id = e.id
          where e.request_id = ${queued.id} group by e.id, e.action, e.actor_id`,
    );
    expect(events).toHaveLength(30);
    expect(new Set(events.map((event) => JSON.stringify(event)))).toEqual(
      new Set([JSON.stringify({ action: 'importOrganization', actor: operator.id, changes: 1 })]),
    );
    // The stored upload is released once the job ended.
    const [job] = await ctx.query<{ file_key: string | null }>(
      sql`select file_key from record_imports where id = ${queued.id}`,
    );
    expect(job?.file_key).toBeNull();
  });

  it('records its progress after every chunk of 1,000 rows', async () => {
    const file = organizationsFile(2_050);
    const queued = await queue(file.bytes, 'check');
    const seen: number[] = [];
    await withDeclaration(
      (declaration) => ({
        ...declaration,
        // Read at every chunk's check: what the job's row says of its progress then.
        findExisting: async (db, keys) => {
          const [row] = await ctx.query<{ processed: number }>(
            sql`select processed from record_imports where id = ${queued.id}`,
          );
          seen.push(row?.processed ?? -1);
          return declaration.findExisting(db, keys);
        },
      }),
      () => ctx.app.importJobs.runDue('worker-a'),
    );
    expect(seen).toEqual([0, 1_000, 2_000]);
    expect((await report(queued.id)).json()).toMatchObject({
      state: 'done',
      processed: 2_050,
      total: 2_050,
      applied: false,
      counts: { insert: 2_050, invalid: 0 },
    });
    expect(await countOf(file.cnpjs)).toBe(0);
  });

  it('cancelled in the middle of its writes, leaves nothing written', async () => {
    const file = organizationsFile(30);
    const queued = await queue(file.bytes, 'apply');
    let created = 0;
    await withDeclaration(
      (declaration) => ({
        ...declaration,
        saves: (db, caller) => {
          const saves = declaration.saves(db, caller);
          return {
            ...saves,
            create: async (body) => {
              created += 1;
              // Asked while rows are written (not awaited: on PGlite the writes hold the connection).
              if (created === 10) void ctx.app.importJobs.cancel(queued.id, asOperator());
              return saves.create(body);
            },
          };
        },
      }),
      () => ctx.app.importJobs.runDue('worker-a'),
    );
    expect(created).toBe(30);
    const cancelled = await waitFor(
      async () => (await report(queued.id)).json() as ImportReport,
      (answer) => answer.state === 'cancelled',
    );
    expect(cancelled).toMatchObject({ state: 'cancelled', applied: false });
    expect(await countOf(file.cnpjs)).toBe(0);
    const [events] = await ctx.query<{ count: number }>(
      sql`select count(*)::int as count from audit_events where request_id = ${queued.id}`,
    );
    expect(events?.count).toBe(0);
  });

  it('whose worker died mid-import is taken again from its start once the lease ran out', async () => {
    // A worker killed mid-apply leaves its transaction uncommitted (nothing of it stays) and its
    // claim: simulated here by a claim of a worker that no longer runs, whose lease has run out.
    const file = organizationsFile(25);
    const queued = await queue(file.bytes, 'apply');
    await ctx.query(
      sql`update record_imports set state = 'running', locked_by = 'killed-worker', attempts = 1,
          processed = 20, lease_until = now() - interval '1 second' where id = ${queued.id}`,
    );
    await ctx.app.importJobs.runDue('worker-b');
    expect((await report(queued.id)).json()).toMatchObject({
      state: 'done',
      processed: 25,
      applied: true,
      counts: { insert: 25 },
    });
    const [job] = await ctx.query<{ attempts: number }>(
      sql`select attempts from record_imports where id = ${queued.id}`,
    );
    expect(job?.attempts).toBe(2);
    expect(await countOf(file.cnpjs)).toBe(25);
  });

  it('fails, writing nothing, once its workers died three times', async () => {
    const file = organizationsFile(25);
    const queued = await queue(file.bytes, 'apply');
    await ctx.query(
      sql`update record_imports set state = 'running', locked_by = 'killed-worker', attempts = 3,
          lease_until = now() - interval '1 second' where id = ${queued.id}`,
    );
    await ctx.app.importJobs.runDue('worker-b');
    expect((await report(queued.id)).json()).toMatchObject({ state: 'failed', applied: false });
    expect(await countOf(file.cnpjs)).toBe(0);
  });

  it('is run by one worker only when workers look at the same time', async () => {
    const files = [organizationsFile(25), organizationsFile(25), organizationsFile(25)];
    const ids: string[] = [];
    for (const file of files) ids.push((await queue(file.bytes, 'apply')).id);
    await Promise.all(
      ['worker-a', 'worker-b', 'worker-c'].map((worker) => ctx.app.importJobs.runDue(worker)),
    );
    const jobs = await ctx.query<{ state: string; attempts: number; inserted: number }>(
      sql`select state, attempts, (counts->>'insert')::int as inserted from record_imports
          where id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
    // A second run would have found the rows there already: `insert` 0, and a second attempt.
    expect(jobs).toEqual(Array.from({ length: 3 }, () => ({ state: 'done', attempts: 1, inserted: 25 })));
    for (const file of files) expect(await countOf(file.cnpjs)).toBe(25);
  });
});

describe('GET /api/imports/{id} and POST /api/imports/{id}/cancel', () => {
  it('answer the import’s own caller and an administrator; anybody else gets a 404', async () => {
    const file = organizationsFile(25);
    const queued = await queue(file.bytes, 'apply');
    expect((await report(queued.id, other.token)).statusCode).toBe(404);
    const othersCancel = await ctx.app.inject({
      method: 'POST',
      url: `/api/imports/${queued.id}/cancel`,
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(othersCancel.statusCode).toBe(404);
    expect((await report(queued.id, admin.token)).statusCode).toBe(200);
    expect((await report('not-a-uuid')).statusCode).toBe(400);

    const cancel = await ctx.app.inject({
      method: 'POST',
      url: `/api/imports/${queued.id}/cancel`,
      headers: { authorization: `Bearer ${operator.token}` },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toMatchObject({ state: 'cancelled' });
    await ctx.app.importJobs.runDue('worker-a');
    expect((await report(queued.id)).json()).toMatchObject({ state: 'cancelled', applied: false });
    expect(await countOf(file.cnpjs)).toBe(0);
  });
});

/** Asks `read` until `isReady` says yes (at most 10 s). */
async function waitFor<T>(read: () => Promise<T>, isReady: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (isReady(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
