import { formatCnpj, withCnpjCheckDigits } from '@scentia/shared/br-documents';
import type { ImportReport } from '@scentia/shared/record-import.schemas';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { csvFile, importCall } from '../../../test/import-files.ts';
import { staffSession } from '../../../test/resource-tests.ts';

const session = staffSession();
const upload = (bytes: Buffer, mode: 'check' | 'apply', language = 'pt-BR') =>
  importCall(session, '/api/locations', bytes, mode, language);

describe('POST /api/locations/import', () => {
  it('finds the organisation by its CNPJ, refuses an unknown one, and updates a location by its name', async () => {
    const cnpj = withCnpjCheckDigits('610000000001');
    const created = await session.call('POST', '/api/organizations', {
      name: 'Rede Aroma',
      legalName: 'Rede Aroma Ltda',
      cnpj,
      address: { country: 'BR' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const unknown = withCnpjCheckDigits('620000000001');
    const header = ['CNPJ da organização', 'Nome', 'Cidade', 'CEP'];
    const bad = (
      await upload(
        Buffer.from(
          csvFile([
            header,
            ['', 'Loja Sem Rede', 'Recife', ''],
            [formatCnpj(unknown), 'Loja Perdida', 'Recife', ''],
            [cnpj, 'Loja Centro', '', ''],
          ]),
        ),
        'apply',
        'en-US',
      )
    ).json() as ImportReport;
    expect(bad.errors.map(({ row, column, code }) => ({ row, column, code }))).toEqual([
      { row: 2, column: 'organizationCnpj', code: 'required' },
      { row: 3, column: 'organizationCnpj', code: 'unknownReference' },
      { row: 4, column: 'city', code: 'required' },
    ]);
    expect(bad.errors[1]?.message).toBe(`Not found: ${formatCnpj(unknown)}.`);
    expect(bad.applied).toBe(false);

    const file = csvFile([header, [formatCnpj(cnpj), 'Loja Centro', 'Recife', '50030-230']]);
    const first = (await upload(Buffer.from(file), 'apply')).json() as ImportReport;
    expect(first).toMatchObject({
      applied: true,
      counts: { insert: 1, update: 0, unchanged: 0, invalid: 0 },
    });
    const moved = (
      await upload(
        Buffer.from(file.replace('Recife', 'Olinda').replace('Loja Centro', 'LOJA CENTRO')),
        'apply',
      )
    ).json() as ImportReport;
    expect(moved.counts).toEqual({ insert: 0, update: 1, unchanged: 0, invalid: 0 });
    const rows = await session.ctx.query<{ name: string; city: string }>(
      sql`select l.name, l.city from locations l join organizations o on o.id = l.organization_id where o.cnpj = ${cnpj}`,
    );
    expect(rows).toEqual([{ name: 'LOJA CENTRO', city: 'Olinda' }]);
  });
});
