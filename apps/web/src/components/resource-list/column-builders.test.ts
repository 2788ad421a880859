import { describe, expect, it } from 'vitest';
import { cnpjColumn, phoneColumn } from './column-builders.tsx';
import { cellContent } from './resource-column.ts';

type Row = { cnpj: string; phone: string | null; contactPhone: string | null };

const row: Row = { cnpj: '11222333000181', phone: '11912345678', contactPhone: null };

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
});
