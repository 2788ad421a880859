import { describe, expect, it } from 'vitest';
import type { ExportColumn } from '../xlsx-export.ts';
import { kitExportColumnsOf, recordExportColumns } from './record-export.ts';

type Row = {
  id: number;
  deletedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  name: string;
  cnpj: string | null;
  contactEmail: string | null;
  phone: string | null;
  zipcode: string | null;
  street: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  note: string | null;
  legalName: string;
};
const row: Row = {
  id: 1,
  deletedAt: null,
  createdAt: new Date(0),
  updatedAt: new Date(0),
  name: 'Perfumaria Central',
  cnpj: '11222333000181',
  contactEmail: 'ana@a.com',
  phone: null,
  zipcode: '01310100',
  street: null,
  city: 'São Paulo',
  state: 'SP',
  country: 'BR',
  note: 'Nota',
  legalName: 'Perfumaria Central Ltda',
};
const shown = (columns: ExportColumn<Row>[]) => columns.map((column) => [column.header, column.value(row)]);

describe('kitExportColumnsOf', () => {
  it("gives each declared field its kind's column in the declaration's order, the own ones after their field", () => {
    const columns = recordExportColumns<Row>('en-US', (t) =>
      kitExportColumnsOf(
        t,
        {
          name: 'name',
          cnpj: 'optionalCnpj',
          contactEmail: 'email',
          phone: 'phone',
          address: 'optionalAddress',
          note: 'note',
        },
        { after: { name: [{ header: 'Own', width: 10, value: (record) => record.legalName }] } },
      ),
    );
    expect(shown(columns).slice(1, -3)).toEqual([
      ['Name', 'Perfumaria Central'],
      ['Own', 'Perfumaria Central Ltda'],
      ['CNPJ', '11.222.333/0001-81'],
      ['Contact e-mail', 'ana@a.com'],
      ['Phone', null],
      ['Postcode', '01310100'],
      ['Street', null],
      ['City', 'São Paulo'],
      ['State', 'SP'],
      ['Country', 'BR'],
      ['Note', 'Nota'],
    ]);
  });
});
