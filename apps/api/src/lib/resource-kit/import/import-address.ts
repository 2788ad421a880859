import type {
  ImportColumn,
  ImportRefusal,
  ImportRow,
  ImportValues,
  PostcodeLookup,
} from './import-declaration.ts';
import { postcodePrefill } from './import-postcodes.ts';

/** The address block's five columns, headed as the export heads them, landing in the body's `address`. */
function addressImportColumns(options: { isCityRequired?: boolean } = {}): ImportColumn[] {
  return [
    {
      key: 'zipcode',
      label: 'export.zipcode',
      rules: 'import.rules.zipcode',
      example: '01310-100',
      path: ['address', 'zipcode'],
    },
    {
      key: 'street',
      label: 'export.street',
      rules: 'import.rules.optionalText',
      maxLength: 200,
      example: 'Av. Paulista, 1000',
      path: ['address', 'street'],
    },
    {
      key: 'city',
      label: 'export.city',
      rules: 'import.rules.city',
      example: 'São Paulo',
      path: ['address', 'city'],
      isRequired: options.isCityRequired,
    },
    {
      key: 'state',
      label: 'export.state',
      rules: 'import.rules.optionalText',
      maxLength: 200,
      example: 'SP',
      path: ['address', 'state'],
    },
    {
      key: 'country',
      label: 'export.country',
      rules: 'import.rules.country',
      example: 'BR',
      path: ['address', 'country'],
    },
  ];
}

/** The address block's column keys, as a row's values hold them. */
const ADDRESS_KEYS = addressImportColumns().map((column) => column.key);

/** A row's address as the body takes it: a file without a country is a Brazilian client's (BR). */
function addressInput(values: ImportValues) {
  return {
    country: values.country ?? 'BR',
    zipcode: values.zipcode ?? null,
    street: values.street ?? null,
    city: values.city ?? null,
    state: values.state ?? null,
  };
}

/**
 * A row's address where the body's is optional (a user's): none when the row leaves every address
 * cell empty, as a record saved by the form without one.
 */
function optionalAddressInput(values: ImportValues) {
  return ADDRESS_KEYS.some((key) => values[key]) ? addressInput(values) : null;
}

/**
 * What `addressImport` gives a declaration: its columns, the body's address of a row, the CEP prefill
 * (with the product's postcode lookup, which the import jobs' `register` gives: nothing without one).
 */
export type AddressImport<Address> = {
  columns: ImportColumn[];
  input: (values: ImportValues) => Address;
  prefill: (rows: ImportRow[], postcodes?: PostcodeLookup) => Promise<ImportRefusal[]>;
};

type AddressImportOptions = {
  /** The body requires the city (a location's): its column is required and a CEP without one is refused. */
  isCityRequired?: boolean;
};

/**
 * The address block of an import, in one piece: its five columns (`...address.columns`), the body's
 * address of a row (`address.input(values)`) and the postcode prefill (a kit import declaring `address`
 * gets both; the lookup reaches it when the import is registered). `isOptional` (a user's address)
 * gives no address when every cell is empty.
 */
export function addressImport(
  options: AddressImportOptions & { isOptional: true },
): AddressImport<ReturnType<typeof addressInput> | null>;
export function addressImport(options?: AddressImportOptions): AddressImport<ReturnType<typeof addressInput>>;
export function addressImport(
  options: AddressImportOptions & { isOptional?: boolean } = {},
): AddressImport<ReturnType<typeof addressInput> | null> {
  const { isCityRequired = false } = options;
  const requiredColumns = isCityRequired ? ['city'] : [];
  return {
    columns: addressImportColumns({ isCityRequired }),
    input: options.isOptional ? optionalAddressInput : addressInput,
    prefill: async (rows, postcodes) =>
      postcodes ? postcodePrefill(postcodes, { requiredColumns })(rows) : [],
  };
}
