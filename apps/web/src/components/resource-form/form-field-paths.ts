import type { FieldPath } from '../../lib/server-field-errors.ts';
import { addressFieldPaths } from '../address-block/address-values.ts';

/** An address block's values (`AddressFormValues`): a group with a country and a CEP. */
const isAddress = (value: unknown) =>
  typeof value === 'object' && value !== null && 'country' in value && 'zipcode' in value;

/**
 * A form's fields, for placing the server's field errors, read from its empty values (`emptyValues`),
 * so that the list cannot drift from the values type: each field by its name, an address block as its
 * fields (`address.zipcode`); a group of another shape (the translations by language) is one field,
 * which its fields' errors go under.
 */
export function formFieldPaths(values: object): FieldPath[] {
  return Object.entries(values).flatMap(([name, value]): FieldPath[] =>
    isAddress(value) ? addressFieldPaths(name) : [[name]],
  );
}
