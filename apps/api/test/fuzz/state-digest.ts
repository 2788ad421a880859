import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { sql } from 'drizzle-orm';
import type { TestContext } from '../test-app.ts';

/**
 * A digest of everything the API stores: every table of the public schema, row by row, and every file
 * of the storage folder. Two equal digests mean nothing changed in between.
 */
export async function createStateDigest(ctx: TestContext, storageDir?: string) {
  const tables = (
    await ctx.query<{ name: string }>(
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )
  )
    .map((row) => row.name)
    // A refused sign-in is recorded by design (Marco Civil da Internet, art. 15), so the access log
    // legitimately grows on a refused request; every other table must stay unchanged.
    .filter((name) => name !== 'access_log');
  // A timed job claims its period in `settings` (lib/jobs/period-claims.ts) whenever a period turns,
  // whatever the requests do: those rows are the job runner's, every other setting is compared.
  const rowsOf = (table: string) =>
    table === 'settings' ? `"settings" t where t.key not like 'job-period:%'` : `"${table}" t`;
  // A device's last-seen times are written a few seconds after its requests, all at once, by the
  // instance's writer (device-api/seen-times-writer.ts): a round can land while a later request is
  // fuzzed. That a device was heard from is recorded by design, as the access log is; every other
  // column of its state is compared.
  const rowText = (table: string) =>
    table === 'device_states' ? `(to_jsonb(t) - 'last_seen_at' - 'last_heartbeat_at')::text` : 't::text';
  const statement = sql.raw(
    tables
      .map(
        (table) =>
          `select '${table}' as name, count(*)::int as rows,
             md5(coalesce(string_agg(${rowText(table)}, '|' order by ${rowText(table)}), '')) as digest
           from ${rowsOf(table)}`,
      )
      .join(' union all '),
  );

  async function filesDigest(): Promise<string> {
    if (!storageDir) return '';
    const hash = createHash('sha256');
    const walk = async (folder: string): Promise<void> => {
      const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
      entries.sort((a, b) => a.name.localeCompare(b.name));
      for (const entry of entries) {
        const path = join(folder, entry.name);
        if (entry.isDirectory()) await walk(path);
        else
          hash.update(
            `${relative(storageDir, path)}:${createHash('sha256')
              .update(await readFile(path))
              .digest('hex')}\n`,
          );
      }
    };
    await walk(storageDir);
    return hash.digest('hex');
  }

  /** Waits for the mail worker, whose background writes would otherwise look like the request's. */
  return async function digest(): Promise<{ tables: Record<string, string>; files: string }> {
    await ctx.app.mailOutbox.idle();
    const rows = await ctx.query<{ name: string; rows: number; digest: string }>(statement);
    return {
      tables: Object.fromEntries(rows.map((row) => [row.name, `${row.rows}:${row.digest}`])),
      files: await filesDigest(),
    };
  };
}

/** The names of what differs between two digests (empty when nothing changed). */
export function changedParts(
  before: Awaited<ReturnType<Awaited<ReturnType<typeof createStateDigest>>>>,
  after: typeof before,
): string[] {
  const names = new Set([...Object.keys(before.tables), ...Object.keys(after.tables)]);
  const changed = [...names].filter((name) => before.tables[name] !== after.tables[name]);
  if (before.files !== after.files) changed.push('stored files');
  return changed;
}
