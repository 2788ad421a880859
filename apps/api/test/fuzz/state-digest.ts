import { readdir, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { sql } from 'drizzle-orm';
import type { TestContext } from '../test-app.ts';

/**
 * A digest of everything the API stores: every table of the public schema and every file of the
 * storage folder. Two equal digests mean nothing changed in between.
 *
 * A table's digest is its row count and the newest transaction id among its rows (`xmin`): a committed
 * insert or update leaves a row version whose `xmin` is newer than any before it, and a delete lowers
 * the count (a delete with an insert still leaves the insert's newer `xmin`). It is stricter than
 * comparing the rows' values (an update that rewrites the same values counts as a change), and it
 * neither sorts nor prints a row: the suite took one before and after each fuzzed write, and the
 * row-by-row `md5(string_agg(...))` of every table was most of the fuzz test's time.
 *
 * A request's transactions get their ids after the digest before it, so their rows are newer than
 * every row it saw. No table changes without a transaction id: while the server's snapshot (its next
 * id and the ids still running) is the one of the last digest, no table has changed since, and that
 * digest is answered without reading any table.
 * A file's digest is its path, size, modification time (ns) and inode: stored files get generated
 * names and are written once, so a change shows in one of those without reading the bytes.
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
  const statement = sql.raw(
    tables
      .map(
        (table) =>
          `select '${table}' as name, count(*)::int as rows,
             coalesce(max(t.xmin::text::bigint), 0)::text as newest from ${rowsOf(table)}`,
      )
      .join(' union all '),
  );
  // The transactions completed and running on the server (its whole cluster, on PostgreSQL).
  const snapshot = sql`select pg_current_snapshot()::text as next`;
  let last: { next: string; tables: Record<string, string> } | undefined;

  async function tablesDigest(): Promise<Record<string, string>> {
    const [{ next } = { next: '' }] = await ctx.query<{ next: string }>(snapshot);
    if (last?.next === next) return last.tables;
    const rows = await ctx.query<{ name: string; rows: number; newest: string }>(statement);
    last = { next, tables: Object.fromEntries(rows.map((row) => [row.name, `${row.rows}:${row.newest}`])) };
    return last.tables;
  }

  async function filesDigest(): Promise<string> {
    if (!storageDir) return '';
    const lines: string[] = [];
    const walk = async (folder: string): Promise<void> => {
      const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
      entries.sort((a, b) => a.name.localeCompare(b.name));
      for (const entry of entries) {
        const path = join(folder, entry.name);
        if (entry.isDirectory()) await walk(path);
        else {
          const { size, mtimeNs, ino } = await stat(path, { bigint: true });
          lines.push(`${relative(storageDir, path)}:${size}:${mtimeNs}:${ino}`);
        }
      }
    };
    await walk(storageDir);
    return lines.join('\n');
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
