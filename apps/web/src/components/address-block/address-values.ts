import type { AddressBody } from '@scentia/shared/address.schemas';
import { formatCep } from '@scentia/shared/br-documents';
import type { FieldPath } from '../../lib/server-field-errors.ts';

export const BRAZIL = 'BR';

/** An address as a form holds it: texts as typed (the CEP masked), state and city as typeahead values. */
export type AddressFormValues = {
  country: string | null;
  zipcode: string;
  street: string;
  state: string | null;
  city: string | null;
};

const ADDRESS_FIELDS = ['country', 'zipcode', 'street', 'state', 'city'] as const;

/** The block's fields under `name`, for placing the server's field errors (`address.zipcode`). */
export function addressFieldPaths(name = 'address'): FieldPath[] {
  return ADDRESS_FIELDS.map((field) => [name, field]);
}

/** An empty address; a form whose records are mostly Brazilian starts it with `BRAZIL`. */
export function emptyAddress(country: string | null = null): AddressFormValues {
  return { country, zipcode: '', street: '', state: null, city: null };
}

/** A loaded address as the block shows it (the CEP with its mask for Brazil). */
export function addressToForm(address: AddressBody | null | undefined): AddressFormValues {
  if (!address) return emptyAddress();
  const zipcode = address.zipcode ?? '';
  return {
    country: address.country,
    zipcode: address.country === BRAZIL ? formatCep(zipcode) : zipcode,
    street: address.street ?? '',
    state: address.state ?? null,
    city: address.city ?? null,
  };
}

const textOrNull = (value: string | null | undefined) => value?.trim() || null;

/** The body's `address` (the shared `addressSchema`): none without a country, blank texts as null. */
export function addressToBody(values: AddressFormValues | undefined): AddressBody | null {
  const country = values?.country ?? null;
  if (!values || !country) return null;
  return {
    country,
    zipcode: textOrNull(values.zipcode),
    street: textOrNull(values.street),
    state: textOrNull(values.state),
    city: textOrNull(values.city),
  };
}

/**
 * The body's `address` where the body requires one (a client's, a site's): without a country it is
 * sent with an empty one, which the shared schema refuses, as the block's required country does.
 */
export function requiredAddressToBody(values: AddressFormValues | undefined): AddressBody {
  return addressToBody(values) ?? { country: '', zipcode: null, street: null, state: null, city: null };
}
