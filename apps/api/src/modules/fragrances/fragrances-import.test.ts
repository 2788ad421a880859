import type { ImportReport } from '@scentia/shared/record-import.schemas';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { csvFile, importCall } from '../../../test/import-files.ts';
import { staffSession } from '../../../test/resource-tests.ts';

const session = staffSession();

const upload = (rows: string[][], mode: 'check' | 'apply', language = 'pt-BR') =>
  importCall(session, '/api/fragrances', Buffer.from(csvFile(rows)), mode, language);

const HEADER = ['name', 'category', 'ofactoryWay', 'description', 'ofactoryWay.en-US', 'description.es-ES'];

beforeAll(async () => {
  await session.ctx.query(sql`insert into categories (name) values ('Importação Cítricos')`);
});

async function fragrancesNamed(prefix: string) {
  return (await session.ctx.query(
    sql`select f.name, f.image_key as "imageKey", c.name as category,
          (select count(*)::int from fragrance_translations t where t.fragrance_id = f.id) as translations
        from fragrances f join categories c on c.id = f.category_id
        where f.name like ${`${prefix}%`} order by f.name`,
  )) as { name: string; imageKey: string | null; category: string; translations: number }[];
}

describe('POST /api/fragrances/import', () => {
  it('reports every bad row, naming its column, and writes nothing', async () => {
    const rows = [
      HEADER,
      ['Ruim Laranja', 'importacao citricos', 'Floral cítrico', '', 'Citrus', ''],
      ['Ruim Limão', 'Categoria Inexistente', 'Floral cítrico', '', '', ''],
      ['Ruim Lima', 'Importação Cítricos', 'ab', '', '', ''],
      ['Ruim Tangerina', 'Importação Cítricos', 'Floral cítrico', '', 'xy', 'd'.repeat(256)],
    ];
    for (const mode of ['check', 'apply'] as const) {
      const report = (await upload(rows, mode, 'en-US')).json() as ImportReport;
      expect(report.errors.map(({ row, column }) => ({ row, column }))).toEqual([
        { row: 3, column: 'category' },
        { row: 4, column: 'ofactoryWay' },
        { row: 5, column: 'ofactoryWay.en-US' },
        { row: 5, column: 'description.es-ES' },
      ]);
      expect(report.errors[0]).toMatchObject({ code: 'unknownReference', columnLabel: 'Category' });
      expect(report).toMatchObject({ applied: false, counts: { insert: 1, invalid: 3 } });
    }
    expect(await fragrancesNamed('Ruim')).toEqual([]);
  });

  it('inserts without an image, finds the category by name, and the same file again changes nothing', async () => {
    const rows = [
      HEADER,
      ['Importada Laranja', 'IMPORTAÇÃO CÍTRICOS', 'Floral cítrico', 'Fresca', 'Citrus floral', 'Fresca ES'],
      ['Importada Lima', 'Importação Cítricos', 'Cítrico verde', '', '', ''],
    ];
    const first = (await upload(rows, 'apply')).json() as ImportReport;
    expect(first).toMatchObject({
      applied: true,
      errors: [],
      counts: { insert: 2, update: 0, unchanged: 0 },
    });
    expect(await fragrancesNamed('Importada')).toEqual([
      { name: 'Importada Laranja', imageKey: null, category: 'Importação Cítricos', translations: 2 },
      { name: 'Importada Lima', imageKey: null, category: 'Importação Cítricos', translations: 0 },
    ]);
    const second = (await upload(rows, 'apply')).json() as ImportReport;
    expect(second).toMatchObject({ applied: true, counts: { insert: 0, update: 0, unchanged: 2 } });

    const changed = rows.map((row) =>
      row.map((cell) => (cell === 'Cítrico verde' ? 'Cítrico amargo' : cell)),
    );
    const third = (await upload(changed, 'apply')).json() as ImportReport;
    expect(third.counts).toEqual({ insert: 0, update: 1, unchanged: 1, invalid: 0 });
  });
});
