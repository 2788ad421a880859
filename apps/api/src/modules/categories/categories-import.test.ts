import type { ImportReport } from '@scentia/shared/record-import.schemas';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { csvFile, importCall } from '../../../test/import-files.ts';
import { staffSession } from '../../../test/resource-tests.ts';
import { firstSheetOf } from '../../../test/xlsx.ts';

const session = staffSession();

const upload = (rows: string[][], mode: 'check' | 'apply', language = 'pt-BR') =>
  importCall(session, '/api/categories', Buffer.from(csvFile(rows)), mode, language);

async function categoriesNamed(prefix: string) {
  return (await session.ctx.query(
    sql`select c.name, coalesce(json_agg(json_build_array(t.language, t.name) order by t.language)
          filter (where t.language is not null), '[]') as translations
        from categories c left join category_translations t on t.category_id = c.id
        where c.name like ${`${prefix}%`} group by c.id order by c.name`,
  )) as { name: string; translations: [string, string][] }[];
}

describe('POST /api/categories/import', () => {
  it('reports every bad row, naming its language’s column, and writes nothing', async () => {
    const rows = [
      ['Nome', 'Nome (pt-BR)', 'Nome (en-US)', 'Nome (es-ES)'],
      ['Ruim Cítricos', 'Ruim Cítricos', 'Bad Citrus', ''],
      ['ab', '', '', ''],
      ['Ruim Amadeirados', '', 'xy', ''],
      ['RUIM CITRICOS', '', '', ''],
    ];
    for (const mode of ['check', 'apply'] as const) {
      const report = (await upload(rows, mode)).json() as ImportReport;
      expect(report.errors.map(({ row, column }) => ({ row, column }))).toEqual([
        { row: 3, column: 'name' },
        { row: 4, column: 'name.en-US' },
        { row: 5, column: 'name' },
      ]);
      expect(report.errors[1]?.columnLabel).toBe('Nome (en-US)');
      expect(report.errors[2]?.code).toBe('duplicateInFile');
      expect(report).toMatchObject({ applied: false, counts: { insert: 1, invalid: 3 } });
    }
    expect(await categoriesNamed('Ruim')).toEqual([]);
  });

  it('inserts with translations, the same file again changes nothing, and a changed one updates', async () => {
    const rows = [
      ['Name', 'Name (pt-BR)', 'Name (en-US)', 'Name (es-ES)'],
      ['Importada Cítrica', 'Importada Cítrica', 'Imported Citrus', ''],
      ['Importada Floral', '', '', 'Importada Floral ES'],
    ];
    const first = (await upload(rows, 'apply', 'en-US')).json() as ImportReport;
    expect(first).toMatchObject({
      applied: true,
      errors: [],
      counts: { insert: 2, update: 0, unchanged: 0 },
    });
    expect(await categoriesNamed('Importada')).toEqual([
      {
        name: 'Importada Cítrica',
        translations: [
          ['en-US', 'Imported Citrus'],
          ['pt-BR', 'Importada Cítrica'],
        ],
      },
      { name: 'Importada Floral', translations: [['es-ES', 'Importada Floral ES']] },
    ]);
    const second = (await upload(rows, 'apply', 'en-US')).json() as ImportReport;
    expect(second).toMatchObject({ applied: true, counts: { insert: 0, update: 0, unchanged: 2 } });
    const events = (await session.ctx.query(
      sql`select count(*)::int as count from audit_events where request_id = ${second.id}`,
    )) as { count: number }[];
    expect(events[0]?.count).toBe(0);

    // Found by its name whatever its case and accents; an emptied cell removes that translation.
    const changed = [rows[0] as string[], ['IMPORTADA CITRICA', '', 'Imported Citrus', 'Cítricos']];
    const third = (await upload(changed, 'apply', 'en-US')).json() as ImportReport;
    expect(third.counts).toEqual({ insert: 0, update: 1, unchanged: 0, invalid: 0 });
    expect((await categoriesNamed('IMPORTADA'))[0]?.translations).toEqual([
      ['en-US', 'Imported Citrus'],
      ['es-ES', 'Cítricos'],
    ]);
  });
});

describe('GET /api/categories/import/template', () => {
  it('heads a name column per language, in the caller’s language', async () => {
    const sheet = await firstSheetOf(
      await session.call('GET', '/api/categories/import/template', undefined, 'es-ES'),
    );
    expect(sheet.header).toEqual(['Nombre', 'Nombre (pt-BR)', 'Nombre (en-US)', 'Nombre (es-ES)']);
  });
});
