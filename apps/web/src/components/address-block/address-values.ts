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
function requiredAddressToBody(values: AddressFormValues | undefined): AddressBody {
  return addressToBody(values) ?? { country: '', zipcode: null, street: null, state: null, city: null };
}

/**
 * The address a form's body requires (a client's, a site's), in one piece: a new record's starts in
 * Brazil (`empty()`), a loaded one is `toForm`, the body's is `toBody` (sent with an empty country
 * when none is chosen, which the shared schema refuses), its fields are `fieldPaths`, and the block is
 * `<AddressBlock geo={addressGeo} {...address.block} />`, marking what the shared rule requires and
 * `required`, the fields this body requires besides (a site's city).
 */
export function requiredAddress(options: { required?: readonly (keyof AddressFormValues)[] } = {}) {
  return {
    empty: () => emptyAddress(BRAZIL),
    toForm: addressToForm,
    toBody: requiredAddressToBody,
    fieldPaths: addressFieldPaths(),
    block: { isRequired: true, required: options.required ?? [] },
  } as const;
}

/**
 * The address a form's body may leave out (a person's), in one piece like `requiredAddress`: a new
 * record's starts empty, without a country (`empty()`); the body's is null until a country is chosen
 * (`toBody`); nothing is marked required (`block`).
 */
export function optionalAddress() {
  return {
    empty: () => emptyAddress(),
    toForm: addressToForm,
    toBody: addressToBody,
    fieldPaths: addressFieldPaths(),
    block: { isRequired: false, required: [] },
  } as const;
}
