import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withCnpjCheckDigits } from '@scentia/shared/br-documents';
import type { ImportReport } from '@scentia/shared/record-import.schemas';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { crashDrivers, crashServerEnv, signInAdmin } from './crash-databases.ts';
import { csvFile, importUpload } from './import-files.ts';
import { freePort, killStartedServers, startServer } from './spawned-server.ts';

/*
 * Issue 40 §5, "a job killed mid-import leaves nothing": a real server process is killed with SIGKILL
 * while its import job writes, then started again. Nothing of the killed run may be in the database,
 * and the job, taken again once its lease ran out, writes every row exactly once.
 */
// On PostgreSQL more than one chunk of 1,000 rows, so the kill can land after a chunk's progress;
// on PGlite, whose apply answers no progress, a file just large enough to run as a job.
const rowsOn = (driver: string) => (driver === 'PGlite' ? 400 : 2_000);
const ADMIN = { email: 'import-crash@scentia.test', password: 'Crash#1234' };

afterEach(killStartedServers);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `rows` new organisations, each with a CNPJ of its own, as an import CSV. */
function organizationsFile(rows: number) {
  const cnpjs = Array.from({ length: rows }, (_, index) =>
    withCnpjCheckDigits(String(61_000_000_0001 + index * 10_000)),
  );
  const lines = cnpjs.map((cnpj, index) => [`Queda ${index}`, `Queda ${cnpj} Ltda`, cnpj, 'Recife']);
  return Buffer.from(csvFile([['name', 'legalName', 'cnpj', 'city'], ...lines], ','));
}

for (const driver of crashDrivers) {
  describe.skipIf(driver.skip)(
    `an import job when the server is killed (${driver.name}${driver.skip ? `: ${driver.skip}` : ''})`,
    () => {
      it('leaves nothing of the killed run, and the job taken again writes every row once', async () => {
        const ROWS = rowsOn(driver.name);
        const dataDir = mkdtempSync(join(tmpdir(), 'scentia-import-crash-'));
        const database = await driver.open(dataDir);
        const port = await freePort();
        const base = `http://127.0.0.1:${port}`;
        const env = {
          ...crashServerEnv(database, dataDir, port, ADMIN),
          IMPORT_JOB_MIN_ROWS: '100',
          IMPORT_JOB_POLL_SECONDS: '0.2',
          IMPORT_JOB_LEASE_SECONDS: '5',
        };
        let server = await startServer(env);
        const authorization = await signInAdmin(base, ADMIN);
        const { payload, headers } = importUpload(organizationsFile(ROWS));
        const queued = await fetch(`${base}/api/organizations/import?mode=apply`, {
          method: 'POST',
          headers: { ...headers, authorization },
          body: payload,
        });
        expect(queued.status, await queued.clone().text()).toBe(202);
        const { id } = (await queued.json()) as ImportReport;

        // Killed once its writes began. On PostgreSQL the job records each chunk written, so the kill
        // lands between two chunks of the apply. PGlite's one connection is held by the apply, which
        // answers nothing until it ends: there the kill lands once the report stops answering.
        const killedAt = await (async () => {
          for (;;) {
            const asked = fetch(`${base}/api/imports/${id}`, { headers: { authorization } }).then(
              (response) => response.json() as Promise<ImportReport>,
            );
            const answer =
              driver.name === 'PGlite'
                ? await Promise.race([asked, sleep(1_000).then(() => undefined)])
                : await asked;
            if (!answer) return 'the report stopped answering: the apply holds the connection';
            expect(answer.state).not.toBe('done');
            if (answer.total !== null && answer.processed >= 1_000) return `${answer.processed} rows written`;
            await sleep(20);
          }
        })();
        server.child.kill('SIGKILL');
        await server.exited;

        const countRows = async () => {
          const handle = await database.open();
          try {
            const read = async (statement: ReturnType<typeof sql>) =>
              ((await handle.db.execute(statement)) as unknown as { rows: { count: number }[] }).rows[0]
                ?.count;
            return {
              organizations: await read(
                sql`select count(*)::int as count from organizations where name like 'Queda %'`,
              ),
              distinct: await read(
                sql`select count(distinct cnpj)::int as count from organizations where name like 'Queda %'`,
              ),
              events: await read(
                sql`select count(*)::int as count from audit_events where request_id = ${id}`,
              ),
            };
          } finally {
            await handle.close();
          }
        };
        const afterKill = await countRows();
        console.info(`${driver.name}: killed when ${killedAt}`);
        expect(afterKill, `killed when ${killedAt}`).toEqual({ organizations: 0, distinct: 0, events: 0 });

        server = await startServer(env);
        let report: ImportReport | undefined;
        for (const deadline = Date.now() + 240_000; Date.now() < deadline; await sleep(250)) {
          const response = await fetch(`${base}/api/imports/${id}`, { headers: { authorization } });
          report = (await response.json()) as ImportReport;
          if (report.state !== 'queued' && report.state !== 'running') break;
        }
        server.child.kill('SIGTERM');
        await server.exited;
        expect(report).toMatchObject({ state: 'done', applied: true, counts: { insert: ROWS } });
        expect(await countRows()).toEqual({ organizations: ROWS, distinct: ROWS, events: ROWS });
        await database.drop();
      }, 600_000);
    },
  );
}
