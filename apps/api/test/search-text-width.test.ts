import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './test-app.ts';

/**
 * A resource's `search_text` (`kitColumns(<n>)`) holds the columns its search trigger joins
 * (install_resource_triggers' third argument), one space between each: a width short of their sum
 * makes an insert or update of a long enough record fail. The widths are read from the catalogue.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/**
 * The unbounded `search_*` copies a search joins, each another record's column as searched (kept by
 * the triggers of migrations 0018, 0021 and 0023): they are as wide as that column.
 */
const COPIED_FROM: Record<string, string> = {
  'locations.search_organization': 'organizations.name',
  'quizzes.search_campaign': 'campaigns.name',
  'devices.search_campaign': 'campaigns.name',
  'devices.search_user': 'users.name',
  'devices.search_owner': 'organizations.name',
  'devices.search_location': 'locations.name',
  'capsules.search_fragrance': 'fragrances.name',
  'capsules.search_device': 'devices.mac_address',
};

/** "<table>: search_text <width> < <needed>" for every table whose search text is too short. */
async function shortSearchTexts(): Promise<string[]> {
  const columns = await ctx.query<{ table_name: string; column_name: string; width: number | null }>(sql`
    select table_name, column_name, character_maximum_length as width
    from information_schema.columns where table_schema = 'public'`);
  const widths = new Map(
    columns.map((column) => [`${column.table_name}.${column.column_name}`, column.width]),
  );
  const triggers = await ctx.query<{ table_name: string; args: string }>(sql`
    select c.relname as table_name, encode(t.tgargs, 'escape') as args
    from pg_trigger t
    join pg_class c on c.oid = t.tgrelid
    join pg_namespace n on n.oid = c.relnamespace
    join pg_proc p on p.oid = t.tgfoid
    where n.nspname = 'public' and p.proname = 'set_search_text' and not t.tgisinternal`);
  return triggers.flatMap(({ table_name: table, args }) => {
    // Each argument ends with a NUL byte.
    const searched = args.split('\\000').slice(0, -1);
    const widthOf = (column: string) => {
      const key = `${table}.${column}`;
      const copied = COPIED_FROM[key];
      return copied ? widths.get(copied) : widths.get(key);
    };
    const parts = searched.map(widthOf);
    if (parts.some((width) => width === null || width === undefined)) {
      return [`${table}: a searched column without a width (${searched.join(', ')}): name its source`];
    }
    const needed = parts.reduce<number>((sum, width) => sum + (width ?? 0), 0) + searched.length - 1;
    const width = widths.get(`${table}.search_text`) ?? 0;
    return width < needed ? [`${table}: search_text ${width} < ${needed}`] : [];
  });
}

describe('search_text widths', () => {
  it('every search text holds the columns its trigger joins and their spaces', async () => {
    expect(await shortSearchTexts()).toEqual([]);
  });

  it('names a table whose search text is too short for its columns', async () => {
    // The newcomer's supplier: name 100, CNPJ 14 and city 200 need 316, not 300.
    await ctx.query(
      sql.raw(`create table short_probes (
        id serial primary key,
        name varchar(100) not null,
        cnpj varchar(14),
        city varchar(200),
        search_text varchar(300) not null default '',
        created_at timestamp with time zone not null default now(),
        updated_at timestamp with time zone not null default now(),
        deleted_at timestamp with time zone)`),
    );
    await ctx.query(
      sql`select install_resource_triggers('short_probes', 'short_probe', array['name', 'cnpj', 'city'])`,
    );
    expect(await shortSearchTexts()).toEqual(['short_probes: search_text 300 < 316']);
    await ctx.query(sql.raw('alter table short_probes alter column search_text type varchar(316)'));
    expect(await shortSearchTexts()).toEqual([]);
    await ctx.query(sql.raw('drop table short_probes'));
  });
});
