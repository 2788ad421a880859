import type { AddressBody } from '@scentia/shared/address.schemas';

/** The address columns a record keeps (`addressColumns` of the schema), as its row answers them. */
export type AddressColumns = {
  zipcode: string | null;
  street: string | null;
  city: string | null;
  state: string | null;
  country: string;
};

/** A record's address as its row answers it (`addressRowSchema`). */
export function addressRow(record: AddressColumns): AddressColumns {
  const { zipcode, street, city, state, country } = record;
  return { zipcode, street, city, state, country };
}

/** An optional address's columns (`optionalAddressColumns()`): no country, no address. */
export type OptionalAddressColumns = Omit<AddressColumns, 'country'> & { country: string | null };

/** A record's optional address as its row answers it: null when it has none (no country). */
export function optionalAddressRow(record: OptionalAddressColumns): AddressColumns | null {
  return record.country === null ? null : addressRow({ ...record, country: record.country });
}

/**
 * A body's address (`addressSchema`) as the record's columns; an optional address left out (null) is
 * every column null (`optionalAddressColumns()`).
 */
export function addressValues(address: AddressBody): AddressColumns;
export function addressValues(address: AddressBody | null): OptionalAddressColumns;
export function addressValues(address: AddressBody | null): OptionalAddressColumns {
  if (address === null) return { zipcode: null, street: null, city: null, state: null, country: null };
  return addressRow(address);
}
