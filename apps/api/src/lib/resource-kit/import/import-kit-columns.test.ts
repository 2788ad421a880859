import { describe, expect, it } from 'vitest';
import { kitImportColumns } from './import-kit-columns.ts';

describe('the kit’s import columns', () => {
  it('requires the CNPJ column unless the body’s CNPJ is optional', () => {
    expect(kitImportColumns.cnpj()).toMatchObject({ isRequired: true, rules: 'import.rules.cnpj' });
    expect(kitImportColumns.cnpj(undefined, { isOptional: true })).toMatchObject({
      key: 'cnpj',
      isRequired: false,
      rules: 'import.rules.optionalCnpj',
    });
  });
});
