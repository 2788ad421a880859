import { kitRowFields } from '@scentia/shared/list.schemas';
import { kitRowFieldSchemas } from '@scentia/shared/record-fields.schemas';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rowOf } from './kit-row.ts';

const supplierRowSchema = z.object({
  supplierId: z.number().int(),
  name: kitRowFieldSchemas.name,
  phone: kitRowFieldSchemas.phone,
  address: kitRowFieldSchemas.address.nullable(),
  ...kitRowFields,
});

const dates = { createdAt: new Date('2026-11-01T00:00:00Z'), updatedAt: new Date('2026-11-02T00:00:00Z') };
const place = { zipcode: '01310100', street: null, city: 'São Paulo', state: 'SP' };

type SupplierRecord = {
  id: number;
  name: string;
  phone: string | null;
  zipcode: string | null;
  street: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
};

describe('rowOf', () => {
  const toRow = rowOf(supplierRowSchema, (record: SupplierRecord) => ({ supplierId: record.id }));

  it('copies the like-named columns, the address block and the kit’s tail, in the row schema’s order', () => {
    const row = toRow({
      id: 7,
      name: 'Essências Sul',
      phone: null,
      ...place,
      country: 'BR',
      ...dates,
      deletedAt: null,
    });
    expect(row).toEqual({
      supplierId: 7,
      name: 'Essências Sul',
      phone: null,
      address: { ...place, country: 'BR' },
      ativo: true,
      createdAt: '2026-11-01T00:00:00.000Z',
      updatedAt: '2026-11-02T00:00:00.000Z',
      deletedAt: null,
    });
    expect(Object.keys(row)).toEqual(Object.keys(supplierRowSchema.shape));
    expect(supplierRowSchema.parse(row)).toEqual(row);
  });

  it('answers a nullable address as null when the record has no country', () => {
    const record = {
      id: 8,
      name: 'B',
      phone: '11912345678',
      ...place,
      country: null,
      ...dates,
      deletedAt: dates.updatedAt,
    };
    expect(toRow(record)).toMatchObject({
      address: null,
      ativo: false,
      deletedAt: '2026-11-02T00:00:00.000Z',
    });
  });
});
