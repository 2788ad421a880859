import type { AddressBody } from '@scentia/shared/address.schemas';

/** The address columns a record keeps (`addressColumns` of the schema), as its row answers them. */
type AddressColumns = {
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

/** A body's address (`addressSchema`) as the record's columns. */
export function addressValues(address: AddressBody): AddressColumns {
  return addressRow(address);
}
