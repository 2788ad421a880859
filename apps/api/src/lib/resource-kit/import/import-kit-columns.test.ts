import { describe, expect, it } from 'vitest';
import { addressImport } from './import-address.ts';
import type { ImportColumn } from './import-declaration.ts';
import { kitColumnsOf, kitImportColumns } from './import-kit-columns.ts';

describe('the kit’s import columns', () => {
  it('requires the CNPJ column unless the body’s CNPJ is optional', () => {
    expect(kitImportColumns.cnpj()).toMatchObject({ isRequired: true, rules: 'import.rules.cnpj' });
    expect(kitImportColumns.cnpj(undefined, { isOptional: true })).toMatchObject({
      key: 'cnpj',
      isRequired: false,
      rules: 'import.rules.optionalCnpj',
    });
  });
});

describe('kitColumnsOf', () => {
  const address: { columns: ImportColumn[] } = {
    columns: [{ key: 'zipcode', label: 'export.zipcode', rules: 'import.rules.zipcode', example: '' }],
  };
  const own: ImportColumn = {
    key: 'legalName',
    label: 'export.legalName',
    rules: 'import.rules.legalName',
    example: '',
  };

  it("gives each declared field its kind's column, in the declaration's order, the own ones after their field", () => {
    const columns = kitColumnsOf(
      {
        name: 'name',
        cnpj: 'optionalCnpj',
        contactEmail: 'email',
        phone: 'phone',
        address: 'address',
        note: 'note',
      },
      {
        address,
        examples: { name: 'Perfumaria Central', contactEmail: 'ana@a.com' },
        after: { name: [own] },
      },
    );
    expect(columns).toEqual([
      kitImportColumns.name('Perfumaria Central'),
      own,
      kitImportColumns.cnpj(undefined, { isOptional: true }),
      kitImportColumns.email('contactEmail', 'export.contactEmail', 'ana@a.com'),
      kitImportColumns.phone(),
      ...address.columns,
      kitImportColumns.note(),
    ]);
  });

  it('refuses an address field without its address block', () => {
    expect(() => kitColumnsOf({ address: 'address' })).toThrow(/addressImport/);
    expect(() => kitColumnsOf({ address: 'optionalAddress' })).toThrow(/addressImport/);
  });

  it("gives an address the record may lack its optional block's columns, none required", () => {
    const optional = addressImport({ isOptional: true });
    const columns = kitColumnsOf({ name: 'name', address: 'optionalAddress' }, { address: optional });
    expect(columns.slice(1)).toEqual(optional.columns);
    expect(columns.slice(1).filter((column) => column.isRequired)).toEqual([]);
  });
});
