import { formatCnpj } from '@scentia/shared/br-documents';
import type { ImportReport } from '@scentia/shared/record-import.schemas';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { nextCnpj } from '../../../test/cnpjs.ts';
import { csvFile, importCall, latin1, xlsxFile } from '../../../test/import-files.ts';
import { staffSession } from '../../../test/resource-tests.ts';
import { firstSheetOf } from '../../../test/xlsx.ts';

const session = staffSession();

const HEADER_PT = ['Nome', 'Razão social', 'CNPJ', 'Telefone', 'CEP', 'Cidade', 'Observação'];

const upload = (bytes: Buffer, mode: 'check' | 'apply', language = 'pt-BR', fileName = 'import.csv') =>
  importCall(session, '/api/organizations', bytes, mode, language, fileName);

async function organizationCount(): Promise<number> {
  const [row] = (await session.ctx.query(sql`select count(*)::int as count from organizations`)) as {
    count: number;
  }[];
  return row?.count ?? 0;
}

describe('POST /api/organizations/import', () => {
  it('reports every kind of bad row, in the caller’s language, and writes nothing', async () => {
    const good = nextCnpj();
    const wrongDigits = `${nextCnpj().slice(0, 12)}00`;
    const file = latin1(
      csvFile([
        HEADER_PT,
        [
          'Perfumaria São João',
          'São João Comércio Ltda',
          formatCnpj(good),
          '(11) 91234-5678',
          '01310-100',
          'São Paulo',
          '',
        ],
        ['Perfumaria Dígito', 'Dígito Ltda', wrongDigits, '', '', 'Recife', ''],
        ['Perfumaria Repetida', 'Repetida Ltda', good, '', '', 'Recife', ''],
        ['Perfumaria Sem Razão', '', nextCnpj(), '', '', 'Recife', ''],
        ['Perfumaria Enorme', 'Enorme Ltda', nextCnpj(), '', '', 'Recife', 'x'.repeat(1_048_576)],
      ]),
    );
    const before = await organizationCount();
    for (const mode of ['check', 'apply'] as const) {
      const response = await upload(file, mode, 'en-US');
      expect(response.statusCode, response.body).toBe(200);
      const report = response.json() as ImportReport;
      expect(report.errors.map(({ row, column, code }) => ({ row, column, code }))).toEqual([
        { row: 3, column: 'cnpj', code: 'invalidCnpj' },
        { row: 4, column: 'cnpj', code: 'duplicateInFile' },
        { row: 5, column: 'legalName', code: 'required' },
        { row: 6, column: 'note', code: 'cellTooLong' },
      ]);
      expect(report.errors[0]).toMatchObject({ columnLabel: 'CNPJ', message: 'Invalid CNPJ' });
      expect(report.errors[1]?.message).toBe('Repeats row 2 of the file.');
      expect(report).toMatchObject({
        mode,
        processed: 5,
        applied: false,
        counts: { insert: 1, update: 0, unchanged: 0, invalid: 4 },
      });
    }
    expect(await organizationCount()).toBe(before);
  });

  it('refuses a formula cell of an xlsx file, never evaluating it', async () => {
    const file = await xlsxFile([
      ['name', 'legalName', 'cnpj'],
      ['Perfumaria Fórmula', { formula: 'CONCAT("A","B")', result: 'AB' }, nextCnpj()],
    ]);
    const report = (await upload(file, 'check', 'pt-BR', 'import.xlsx')).json() as ImportReport;
    expect(report.errors).toEqual([
      {
        row: 2,
        column: 'legalName',
        columnLabel: 'Razão social',
        code: 'formula',
        message: 'Fórmulas não são aceitas: cole o valor.',
      },
    ]);
  });

  it('applies a file all at once, audited under the import’s id, and the same file again changes nothing', async () => {
    const cnpjs = [nextCnpj(), nextCnpj()];
    const file = Buffer.from(
      csvFile(
        [
          ['name', 'legalName', 'cnpj', 'phone', 'zipcode', 'city'],
          [
            'Aroma Um',
            'Aroma Um Ltda',
            formatCnpj(cnpjs[0] as string),
            '11912345678',
            '01310100',
            'São Paulo',
          ],
          ['Aroma Dois', 'Aroma Dois Ltda', cnpjs[1] as string, '(11) 3456-7890', '', 'Recife'],
        ],
        ',',
      ),
    );
    const first = (await upload(file, 'apply')).json() as ImportReport;
    expect(first).toMatchObject({
      applied: true,
      counts: { insert: 2, update: 0, unchanged: 0, invalid: 0 },
      errors: [],
    });
    const rows = (await session.ctx.query(
      sql`select cnpj, phone from organizations where cnpj in (${cnpjs[0]}, ${cnpjs[1]}) order by name desc`,
    )) as { cnpj: string; phone: string }[];
    expect(rows).toEqual([
      { cnpj: cnpjs[0], phone: '11912345678' },
      { cnpj: cnpjs[1], phone: '1134567890' },
    ]);
    const events = (await session.ctx.query(
      sql`select e.action, count(c.id)::int as changes from audit_events e join audit_changes c on c.event_id = e.id
          where e.request_id = ${first.id} group by e.id, e.action`,
    )) as { action: string; changes: number }[];
    // One event per row written, each under the import's id.
    expect(events).toEqual([
      { action: 'importOrganization', changes: 1 },
      { action: 'importOrganization', changes: 1 },
    ]);

    const second = (await upload(file, 'apply')).json() as ImportReport;
    expect(second).toMatchObject({
      applied: true,
      counts: { insert: 0, update: 0, unchanged: 2, invalid: 0 },
    });
    const secondEvents = (await session.ctx.query(
      sql`select count(*)::int as count from audit_events where request_id = ${second.id}`,
    )) as { count: number }[];
    expect(secondEvents[0]?.count).toBe(0);

    const changed = Buffer.from(file.toString().replace('Recife', 'Olinda'));
    const third = (await upload(changed, 'apply')).json() as ImportReport;
    expect(third.counts).toEqual({ insert: 0, update: 1, unchanged: 1, invalid: 0 });
  });

  it('refuses a name another organisation holds, and unknown or missing columns once', async () => {
    const taken = (
      await session.call('POST', '/api/organizations', {
        name: 'Perfumaria Tomada',
        legalName: 'Tomada Ltda',
        cnpj: nextCnpj(),
        address: { country: 'BR' },
      })
    ).json() as { name: string };
    expect(taken.name).toBe('Perfumaria Tomada');
    const nameTaken = (
      await upload(
        Buffer.from(
          csvFile([
            ['name', 'legalName', 'cnpj'],
            ['perfumaria TOMADA', 'Outra Ltda', nextCnpj()],
          ]),
        ),
        'check',
      )
    ).json() as ImportReport;
    expect(nameTaken.errors.map((error) => [error.row, error.column, error.code])).toEqual([
      [2, 'name', 'NAME_TAKEN'],
    ]);

    const headers = (
      await upload(
        Buffer.from(
          csvFile([
            ['Nombre', 'Colour', 'CNPJ'],
            ['A', 'B', 'C'],
          ]),
        ),
        'check',
        'es-ES',
      )
    ).json() as ImportReport;
    expect(headers.errors.map((error) => [error.row, error.column, error.code])).toEqual([
      [1, null, 'unknownColumns'],
      [1, 'legalName', 'missingColumn'],
    ]);
    expect(headers.errors[0]?.message).toContain('Colour');
    expect(headers.processed).toBe(0);
  });
});

describe('GET /api/organizations/import/template', () => {
  it('answers the columns in the caller’s language with an example row', async () => {
    const response = await session.call('GET', '/api/organizations/import/template', undefined, 'en-US');
    expect(response.statusCode).toBe(200);
    const sheet = await firstSheetOf(response);
    expect(sheet.header?.slice(0, 3)).toEqual(['Name', 'Legal name', 'CNPJ']);
    expect(sheet.rows[0]?.[2]).toBe('11.222.333/0001-81');
  });
});
