import { describe, expect, it } from 'vitest';
import { cnpjColumn, emailColumn, phoneColumn } from './column-builders.tsx';
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
