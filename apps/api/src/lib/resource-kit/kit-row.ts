import type { z } from 'zod';
import {
  type AddressColumns,
  addressRow,
  type OptionalAddressColumns,
  optionalAddressRow,
} from './record-address.ts';

/** The kit's columns every soft-deleted record reads (`kitColumns()` of db/schema/kit-columns.ts). */
type KitRecord = { createdAt: Date; updatedAt: Date; deletedAt: Date | null };

/**
 * The kit's part of a record's answer, its shared row schema's `kitRowFields`: `ativo` (no `deletedAt`)
 * and the three dates as ISO texts. A service's `toRow` spreads it after the record's own fields.
 */
export function kitRow(record: KitRecord) {
  return {
    ativo: record.deletedAt === null,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
    deletedAt: record.deletedAt?.toISOString() ?? null,
  };
}

/** The row fields `kitRow` answers. */
const KIT_ROW_KEYS = new Set(
  Object.keys(kitRow({ createdAt: new Date(0), updatedAt: new Date(0), deletedAt: null })),
);
type KitRowKey = keyof ReturnType<typeof kitRow>;

/** The row's fields copied from the record's like-named columns: all but its own, the kit's and the address. */
type CopiedKey<Row, OwnKey> = Exclude<keyof Row, OwnKey | KitRowKey | 'address'>;

/** The columns a record needs for `rowOf`: the copied fields as the row types them, the address block's. */
type RowOfRecord<Row, OwnKey> = KitRecord & { [K in CopiedKey<Row, OwnKey>]: Row[K] } & (Row extends {
    address: infer Address;
  }
    ? null extends Address
      ? OptionalAddressColumns
      : AddressColumns
    : unknown);

/**
 * The reverse of `kitValues`: a record's row read from its shared row schema's fields, each copied from
 * the record's column of its name, the address block as `addressRow` (`optionalAddressRow` where the
 * row's address may be null), the kit's tail as `kitRow`; `own` answers the rest (the id, a joined
 * record): `toRow: rowOf(organizationRowSchema, (record: OrganizationRecord) => ({ organizationId:
 * record.id }))`. The type check holds the record to a column for every copied field.
 */
export function rowOf<
  Row extends { [key: string]: unknown },
  Own extends Partial<Row>,
  Record extends RowOfRecord<Row, keyof Own>,
>(schema: z.ZodType<Row> & { shape: { [key: string]: z.ZodType } }, own: (record: Record) => Own) {
  const address = schema.shape.address;
  const toAddress = address?.safeParse(null).success ? optionalAddressRow : addressRow;
  // The fields copied from the record's columns, in the row schema's order, decided once.
  const copied = Object.keys(schema.shape).filter((key) => !KIT_ROW_KEYS.has(key) && key !== 'address');
  return (record: Record): Row => {
    const row: { [key: string]: unknown } = {};
    for (const key of copied) row[key] = (record as unknown as { [key: string]: unknown })[key];
    if (address) row.address = toAddress(record as unknown as AddressColumns);
    return Object.assign(row, own(record), kitRow(record)) as unknown as Row;
  };
}
