import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows } from '../src/lib/row-counts.ts';
import { containsPattern, toSearchText } from '../src/lib/search-text.ts';
import { createTestApp, type TestContext } from './test-app.ts';

/**
 * The triggers a soft-deleted resource depends on (migration 0017's install_resource_triggers): its
 * search text, its row counts (without them every list total without a search is silently 0) and its
 * audit trail. Every table with a deleted_at column must have all of them; a table installed by the
 * function gets them working.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

// pg_trigger.tgtype bits (PostgreSQL's include/catalog/pg_trigger.h).
const ROW = 1;
const BEFORE = 2;
const INSERT = 4;
const DELETE = 8;
const UPDATE = 16;

/** What a resource's table needs: the trigger function, its timing and events, its arguments' check. */
const REQUIRED: {
  what: string;
  fn: string;
  type: number;
  isValid: (
    trigger: { args: string[]; updateOf: string[] },
    table: string,
    columns: string[],
    bookkeeping: string[],
  ) => boolean;
}[] = [
  {
    what: 'search text',
    fn: 'set_search_text',
    type: ROW | BEFORE | INSERT | UPDATE,
    // Refreshed on an update of every column it reads (and, for devices and capsules, of the ids their
    // search_* copies come from: migration 0023).
    isValid: ({ args, updateOf }, _table, columns) =>
      args.length > 0 &&
      args.every((arg) => columns.includes(arg) && updateOf.includes(arg)) &&
      columns.includes('search_text'),
  },
  {
    what: 'row counts on insert',
    fn: 'row_counts_after_insert',
    type: INSERT,
    isValid: ({ args }, table) => args[0] === table,
  },
  {
    what: 'row counts on delete',
    fn: 'row_counts_after_delete',
    type: DELETE,
    isValid: ({ args }, table) => args[0] === table,
  },
  {
    what: 'row counts on update',
    fn: 'row_counts_after_update',
    type: UPDATE,
    isValid: ({ args }, table) => args[0] === table,
  },
  // The trail: one statement trigger per event, as transition tables allow (migration 0047).
  ...(
    [
      ['insert', INSERT],
      ['update', UPDATE],
      ['delete', DELETE],
    ] as const
  ).map(([event, type]) => ({
    what: `audit on ${event}`,
    fn: 'audit_statement_change',
    type,
    // Its fifth argument is the table's bookkeeping columns as the rule finds them today: a column
    // added since the trigger was installed would otherwise land in the trail.
    isValid: (
      { args }: { args: string[]; updateOf: string[] },
      _table: string,
      columns: string[],
      bookkeeping: string[],
    ) =>
      args.length === 5 && columns.includes(args[1] ?? '') && args[4] === [...bookkeeping].sort().join(','),
  })),
];

const AUDIT_MISSING = (table: string) => [
  `${table}: audit on insert`,
  `${table}: audit on update`,
  `${table}: audit on delete`,
];

/**
 * Tables with deleted_at that are device telemetry, not records anyone edits: each batch of shots
 * changes them, which is nobody's event to record (migration 0023).
 */
const UNAUDITED_TELEMETRY = ['capsules'];

/** "<table>: <what>" for every trigger a table with deleted_at lacks (or has disabled, or misdeclared). */
async function missingTriggers(): Promise<{ tables: string[]; missing: string[] }> {
  const columns = await ctx.query<{ table_name: string; column_name: string; is_bookkeeping: boolean }>(sql`
    select table_name, column_name, audit_is_bookkeeping(column_name) as is_bookkeeping
    from information_schema.columns where table_schema = 'public'`);
  const tables = [
    ...new Set(
      columns.filter((column) => column.column_name === 'deleted_at').map((column) => column.table_name),
    ),
  ].sort();
  const triggers = await ctx.query<{
    table_name: string;
    fn: string;
    type: number;
    args: string;
    update_of: string;
  }>(sql`
    select c.relname as table_name, p.proname as fn, t.tgtype::int as type, encode(t.tgargs, 'escape') as args,
      coalesce((select string_agg(a.attname::text, ',' order by a.attname) from pg_attribute a
                where a.attrelid = t.tgrelid and a.attnum = any (t.tgattr::int2[])), '') as update_of
    from pg_trigger t
    join pg_class c on c.oid = t.tgrelid
    join pg_namespace n on n.oid = c.relnamespace
    join pg_proc p on p.oid = t.tgfoid
    where n.nspname = 'public' and not t.tgisinternal and t.tgenabled <> 'D'`);
  const missing = tables.flatMap((table) => {
    const required = UNAUDITED_TELEMETRY.includes(table)
      ? REQUIRED.filter((r) => !r.what.startsWith('audit'))
      : REQUIRED;
    const ofTable = columns.filter((column) => column.table_name === table);
    const tableColumns = ofTable.map((column) => column.column_name);
    const bookkeeping = ofTable.filter((column) => column.is_bookkeeping).map((column) => column.column_name);
    return required
      .filter(
        (required) =>
          !triggers.some(
            (trigger) =>
              trigger.table_name === table &&
              trigger.fn === required.fn &&
              trigger.type === required.type &&
              required.isValid(
                {
                  // Each argument ends with a NUL byte; an empty one (no secret columns) keeps its place.
                  args: trigger.args.split('\\000').slice(0, -1),
                  updateOf: trigger.update_of.split(',').filter(Boolean),
                },
                table,
                tableColumns,
                bookkeeping,
              ),
          ),
      )
      .map((required) => `${table}: ${required.what}`);
  });
  return { tables, missing };
}

/** A soft-deleted resource as a newcomer would declare it, with a second searchable column. */
async function createProbeTable(name: string) {
  await ctx.query(
    sql.raw(`create table ${name} (
      id serial primary key,
      name varchar(100) not null,
      city varchar(100),
      note varchar(100),
      access_hash varchar(100),
      search_text varchar(300) not null default '',
      search_digits varchar(20) not null default '',
      created_at timestamp with time zone not null default now(),
      updated_at timestamp with time zone not null default now(),
      deleted_at timestamp with time zone)`),
  );
}

type Change = {
  row_key: string;
  record_type: string;
  record_id: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

async function changesOf(table: string): Promise<Change[]> {
  return ctx.query<Change>(sql`
    select row_key, record_type, record_id, before, after from audit_changes
    where table_name = ${table} order by event_id, id`);
}

describe('resource triggers', () => {
  it('every table with deleted_at has its search, row-count and audit triggers', async () => {
    const { tables, missing } = await missingTriggers();
    expect(tables).toEqual(expect.arrayContaining(['campaigns', 'categories', 'fragrances', 'users']));
    expect(missing).toEqual([]);
  });

  it('names a table with deleted_at that lacks one of them, until they are installed', async () => {
    await createProbeTable('bare_probes');
    expect((await missingTriggers()).missing).toEqual([
      'bare_probes: search text',
      'bare_probes: row counts on insert',
      'bare_probes: row counts on delete',
      'bare_probes: row counts on update',
      ...AUDIT_MISSING('bare_probes'),
    ]);
    await ctx.query(
      sql`select install_resource_triggers('bare_probes', 'bare_probe', array['name', 'city'])`,
    );
    expect((await missingTriggers()).missing).toEqual([]);

    // A bookkeeping column added after the audit trigger was installed is not yet kept out of the trail.
    await ctx.query(sql.raw('alter table bare_probes add column search_words text'));
    expect((await missingTriggers()).missing).toEqual(AUDIT_MISSING('bare_probes'));
    await ctx.query(sql`select install_audit_trigger('bare_probes', 'bare_probe', 'id')`);
    expect((await missingTriggers()).missing).toEqual([]);

    // A search trigger not refreshed when one of its columns changes is as good as none.
    await ctx.query(sql.raw('drop trigger bare_probes_search_text on bare_probes'));
    await ctx.query(
      sql.raw(`create trigger bare_probes_search_text before insert or update of name on bare_probes
        for each row execute function set_search_text('name', 'city')`),
    );
    await ctx.query(sql.raw('drop trigger bare_probes_count_update on bare_probes'));
    await ctx.query(sql.raw('alter table bare_probes disable trigger bare_probes_audit'));
    expect((await missingTriggers()).missing).toEqual([
      'bare_probes: search text',
      'bare_probes: row counts on update',
      'bare_probes: audit on insert',
    ]);
    await ctx.query(sql.raw('drop table bare_probes'));
  });

  it('gives a newly installed resource search over its named columns, exact counts and its trail', async () => {
    await createProbeTable('kit_probes');
    await ctx.query(
      sql.raw(`create table kit_probe_notes (
      probe_id integer not null references kit_probes (id) on delete cascade,
      language varchar(5) not null,
      text varchar(100),
      primary key (probe_id, language))`),
    );
    await ctx.query(
      sql`select install_resource_triggers('kit_probes', 'kit_probe', array['name', 'city'], array['access_hash'])`,
    );
    await ctx.query(sql`select install_audit_trigger('kit_probe_notes', 'kit_probe', 'probe_id')`);

    const rows = await ctx.query<{ id: number }>(sql`
      insert into kit_probes (name, city, access_hash, deleted_at) values
        ('São João Ação', 'Ribeirão Preto', 'secret-hash-value', null),
        ('Ñandu', null, null, null),
        ('Zeta', 'Belém', null, now())
      returning id`);
    const [first, second, third] = rows.map((row) => row.id);
    const searchTexts = async () =>
      await ctx.query<{ id: number; name: string; city: string | null; search_text: string }>(sql`
        select id, name, city, search_text from kit_probes order by id`);
    for (const row of await searchTexts()) {
      expect(row.search_text).toBe(toSearchText([row.name, row.city].filter(Boolean).join(' ')));
    }
    expect((await searchTexts()).map((row) => row.search_text)).toEqual([
      'sao joao acao ribeirao preto',
      'nandu',
      'zeta belem',
    ]);
    const found = await ctx.query<{ id: number }>(
      sql`select id from kit_probes where search_text like ${containsPattern('BELÉM')}`,
    );
    expect(found.map((row) => row.id)).toEqual([third]);

    await ctx.query(sql`update kit_probes set city = 'Jundiaí' where id = ${second}`);
    expect((await searchTexts())[1]?.search_text).toBe('nandu jundiai');

    const counts = async () => ({
      active: await countRows(ctx.db, 'kit_probes', true),
      inactive: await countRows(ctx.db, 'kit_probes', false),
    });
    expect(await counts()).toEqual({ active: 2, inactive: 1 });
    await ctx.query(sql`update kit_probes set deleted_at = now() where id = ${second}`);
    expect(await counts()).toEqual({ active: 1, inactive: 2 });
    await ctx.query(sql`update kit_probes set deleted_at = null where id = ${third}`);
    expect(await counts()).toEqual({ active: 2, inactive: 1 });

    await ctx.query(
      sql`insert into kit_probe_notes (probe_id, language, text) values (${first}, 'en-US', 'Hello')`,
    );
    const before = (await changesOf('kit_probes')).length;
    // Bookkeeping by the rule: a search_* column the old list never named, and the write times.
    await ctx.query(sql`update kit_probes set search_digits = '123', updated_at = now() where id = ${first}`);
    expect(await changesOf('kit_probes')).toHaveLength(before);
    await ctx.query(sql`update kit_probes set note = 'Vitrine' where id = ${first}`);

    const changes = await changesOf('kit_probes');
    const created = changes[0];
    expect(created).toMatchObject({
      record_type: 'kit_probe',
      record_id: String(first),
      row_key: String(first),
      before: null,
    });
    expect(Object.keys(created?.after ?? {}).sort()).toEqual([
      'access_hash',
      'city',
      'deleted_at',
      'id',
      'name',
      'note',
    ]);
    expect(String(created?.after?.access_hash)).toMatch(/^redacted:[0-9a-f]{8}$/);
    const deactivated = changes.find(
      (change) => change.record_id === String(second) && change.after?.deleted_at,
    );
    expect(deactivated?.before?.deleted_at).toBeNull();
    expect(changes.at(-1)).toMatchObject({ before: { note: null }, after: { note: 'Vitrine' } });
    expect(await changesOf('kit_probe_notes')).toMatchObject([
      {
        record_type: 'kit_probe',
        record_id: String(first),
        row_key: `${first},en-US`,
        after: { text: 'Hello' },
      },
    ]);

    await ctx.query(sql`delete from kit_probes where id = ${second}`);
    expect(await counts()).toEqual({ active: 2, inactive: 0 });
    expect(await ctx.countRows('kit_probes')).toBe(2);
  });

  it('installed again with another column, brings the rows there up to date and keeps their counts', async () => {
    const trail = (
      await ctx.query<{ total: number }>(sql`select count(*)::int as total from audit_changes`)
    )[0];
    await ctx.query(sql`select install_resource_triggers('kit_probes', 'kit_probe', array['name', 'note'])`);
    const rows = await ctx.query<{ name: string; note: string | null; search_text: string }>(sql`
      select name, note, search_text from kit_probes order by id`);
    expect(rows.map((row) => row.search_text)).toEqual(['sao joao acao vitrine', 'zeta']);
    expect(await countRows(ctx.db, 'kit_probes', true)).toBe(2);
    expect(await countRows(ctx.db, 'kit_probes', false)).toBe(0);
    // Only derived search text changed: nothing for the trail.
    expect(
      (await ctx.query<{ total: number }>(sql`select count(*)::int as total from audit_changes`))[0],
    ).toEqual(trail);
  });

  it('keeps the search text of the existing resources as their lists search it', async () => {
    const account = await ctx.createAccount({ name: 'Ana Conceição', email: 'Ana.C@Exemplo.com' });
    await ctx.query(sql`insert into categories (name) values ('Águas Frescas')`);
    const [user] = await ctx.query<{ search_text: string; search_prefixes: string[] }>(sql`
      select search_text, search_prefixes from users where id = ${account.id}`);
    expect(user?.search_text).toBe('ana conceicao ana.c@exemplo.com');
    expect([...(user?.search_prefixes ?? [])].sort()).toEqual(
      [
        '^an',
        '^ana',
        'co',
        'con',
        'conc',
        'conce',
        'concei',
        'conceic',
        'conceica',
        'conceicao',
        'ex',
        'exe',
        'exem',
        'exemp',
        'exempl',
        'exemplo',
        'com',
      ].sort(),
    );
    const [category] = await ctx.query<{ search_text: string }>(sql`
      select search_text from categories where name = 'Águas Frescas'`);
    expect(category?.search_text).toBe('aguas frescas');
  });
});
