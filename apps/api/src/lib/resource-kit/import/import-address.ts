import type { ImportColumn, ImportValues } from './import-declaration.ts';

/** The address block's five columns, headed as the export heads them, landing in the body's `address`. */
export function addressImportColumns(options: { isCityRequired?: boolean } = {}): ImportColumn[] {
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
export function addressInput(values: ImportValues) {
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
export function optionalAddressInput(values: ImportValues) {
  return ADDRESS_KEYS.some((key) => values[key]) ? addressInput(values) : null;
}
