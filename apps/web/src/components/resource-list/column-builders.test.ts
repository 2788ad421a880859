import { kitFields } from '@scentia/shared/record-fields.schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestI18n } from '../../test/i18n-for-tests.ts';
import { cnpjColumn, emailColumn, kitColumn, phoneColumn } from './column-builders.tsx';
import { cellContent } from './resource-column.ts';

type Row = { cnpj: string | null; phone: string | null; contactPhone: string | null; email: string | null };

const row: Row = { cnpj: '11222333000181', phone: '11912345678', contactPhone: null, email: null };
const empty: Row = { cnpj: null, phone: null, contactPhone: null, email: null };

describe('the shared fields’ list columns', () => {
  it('shows a stored CNPJ with its mask', () => {
    const column = cnpjColumn<Row>('CNPJ');
    expect(column).toMatchObject({ title: 'CNPJ', dataIndex: 'cnpj' });
    expect(cellContent(column, row, 0)).toBe('11.222.333/0001-81');
  });

  it('shows a stored phone with its mask, and nothing for none, from the column it is given', () => {
    expect(cellContent(phoneColumn<Row>('Phone'), row, 0)).toBe('(11) 91234-5678');
    const contact = phoneColumn<Row>('Contact', 'contactPhone');
    expect(contact.dataIndex).toBe('contactPhone');
    expect(cellContent(contact, row, 0)).toBe('');
  });

  it('shows nothing for a row without a CNPJ, a phone or an e-mail (optional fields are null)', () => {
    expect(cellContent(cnpjColumn<Row>('CNPJ'), empty, 0)).toBe('');
    expect(cellContent(phoneColumn<Row>('Phone'), empty, 0)).toBe('');
    expect(cellContent(emailColumn<Row>('E-mail'), empty, 0)).toBe('');
  });
});

describe('kitColumn: a shared field’s column from the declaration', () => {
  let t: Parameters<typeof kitColumn>[0];
  beforeAll(async () => {
    t = (await createTestI18n()).getFixedT('pt-BR', 'categories');
  });
  const SUPPLIER = kitFields({
    name: 'name',
    cnpj: 'optionalCnpj',
    contactPhone: 'phone',
    address: 'address',
  });
  type Supplier = Row & { name: string; address: { city: string } };
  const supplier: Supplier = { ...row, name: 'Aromas do Sul', address: { city: 'Curitiba' } };

  it('titles each kind with the kit’s word and shows its cell as the kind does', () => {
    const [name, cnpj, phone, city] = (['name', 'cnpj', 'contactPhone', 'address'] as const).map((field) =>
      kitColumn<Supplier, typeof SUPPLIER.kinds>(t, SUPPLIER, field),
    );
    expect([name, cnpj, phone, city].map((column) => column?.title)).toEqual([
      'Nome',
      'CNPJ',
      'Telefone',
      'Cidade',
    ]);
    expect(name).toMatchObject({ dataIndex: 'name', card: 'name' });
    expect(cellContent(cnpj as never, supplier, 0)).toBe('11.222.333/0001-81');
    expect(cellContent(phone as never, supplier, 0)).toBe('');
    expect(city).toMatchObject({ dataIndex: ['address', 'city'] });
  });

  it('shows an optional address as its city, and an empty cell for a record without one', () => {
    const HOLDER = kitFields({ name: 'name', address: 'optionalAddress' });
    type Holder = Row & { name: string; address: { city: string } | null };
    const city = kitColumn<Holder, typeof HOLDER.kinds>(t, HOLDER, 'address');
    expect(city).toMatchObject({ title: 'Cidade', dataIndex: ['address', 'city'] });
    expect(cellContent(city as never, { ...row, name: 'Sem endereço', address: null }, 0)).toBe('');
    expect(
      cellContent(city as never, { ...row, name: 'Com endereço', address: { city: 'Curitiba' } }, 0),
    ).toBe('Curitiba');
  });

  it('takes the resource’s sort, priority and own title', () => {
    const column = kitColumn<Supplier, typeof SUPPLIER.kinds>(t, SUPPLIER, 'address', {
      title: 'Município',
      sortKey: 'city',
      priority: 'low',
    });
    expect(column).toMatchObject({ title: 'Município', sortKey: 'city', priority: 'low' });
  });
});
