import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { sql } from 'drizzle-orm';
import type { TestContext } from '../test-app.ts';

/**
 * A digest of everything the API stores: every table of the public schema, row by row, and every file
 * of the storage folder. Two equal digests mean nothing changed in between.
 *
 * The row-by-row `md5(string_agg(...))` of every table, taken before and after each fuzzed write, was
 * most of the fuzz test's time; it is now taken only of a table whose row versions changed. A committed
 * insert or update leaves a row whose `xmin` is newer than every row before it, a delete lowers the
 * count: while a table's count and newest `xmin` are the same, its rows are, and its last digest holds.
 * No table changes without a transaction id either: while the server's snapshot (its next id and the
 * ids still running) is the one of the last digest, no table is read at all.
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
  const versionsStatement = sql.raw(
    tables
      .map(
        (table) =>
          `select '${table}' as name, count(*)::int as rows,
             coalesce(max(t.xmin::text::bigint), 0)::text as newest from ${rowsOf(table)}`,
      )
      .join(' union all '),
  );
  const contentsStatement = (names: string[]) =>
    sql.raw(
      names
        .map(
          (table) =>
            `select '${table}' as name,
               md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${rowsOf(table)}`,
        )
        .join(' union all '),
    );
  // The transactions completed and running on the server (its whole cluster, on PostgreSQL).
  const snapshot = sql`select pg_current_snapshot()::text as next`;
  let lastSnapshot = '';
  /** Each table's row versions (`rows:newest xmin`) and the digest of its rows' values then. */
  const known = new Map<string, { versions: string; digest: string }>();

  async function tablesDigest(): Promise<Record<string, string>> {
    const [{ next } = { next: '' }] = await ctx.query<{ next: string }>(snapshot);
    if (next !== lastSnapshot) {
      const versions = await ctx.query<{ name: string; rows: number; newest: string }>(versionsStatement);
      const changed = versions.filter((row) => known.get(row.name)?.versions !== `${row.rows}:${row.newest}`);
      if (changed.length > 0) {
        const contents = await ctx.query<{ name: string; digest: string }>(
          contentsStatement(changed.map((row) => row.name)),
        );
        const digestOf = new Map(contents.map((row) => [row.name, row.digest]));
        for (const row of changed)
          known.set(row.name, {
            versions: `${row.rows}:${row.newest}`,
            digest: digestOf.get(row.name) ?? '',
          });
      }
      lastSnapshot = next;
    }
    return Object.fromEntries([...known].map(([name, { digest }]) => [name, digest]));
  }

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
    return { tables: await tablesDigest(), files: await filesDigest() };
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
