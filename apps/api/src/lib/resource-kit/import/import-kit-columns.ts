import { NOTE_MAX_LENGTH } from '@scentia/shared/record-fields.schemas';
import type { MessageKey } from '../../../i18n/translate.ts';
import type { ImportColumn } from './import-declaration.ts';

/**
 * The import columns of the shared field schemas a body takes (`recordNameSchema`, `cnpjSchema` (or
 * `optionalCnpjSchema`: `cnpj(example, { isOptional: true })`), `optionalEmailSchema`, `optionalPhoneSchema`, `noteSchema`), headed as the export heads them and
 * with their rules in the template's note. The key is the body's field; pass another where the body
 * names it otherwise (`email('contactEmail', 'export.contactEmail')`).
 */
export const kitImportColumns = {
  name: (example: string): ImportColumn => ({
    key: 'name',
    label: 'export.name',
    rules: 'import.rules.name',
    example,
    isRequired: true,
  }),
  /** `isOptional` for a body whose CNPJ is `optionalCnpjSchema`: a file may leave the column out. */
  cnpj: (example = '11.222.333/0001-81', { isOptional = false } = {}): ImportColumn => ({
    key: 'cnpj',
    label: 'export.cnpj',
    rules: isOptional ? 'import.rules.optionalCnpj' : 'import.rules.cnpj',
    example,
    isRequired: !isOptional,
  }),
  email: (
    key = 'email',
    label: MessageKey = 'export.email',
    example = 'contato@empresa.com.br',
  ): ImportColumn => ({
    key,
    label,
    rules: 'import.rules.email',
    example,
  }),
  phone: (example = '(11) 91234-5678'): ImportColumn => ({
    key: 'phone',
    label: 'export.phone',
    rules: 'import.rules.phone',
    example,
  }),
  note: (): ImportColumn => ({
    key: 'note',
    label: 'export.note',
    rules: 'import.rules.optionalText',
    maxLength: NOTE_MAX_LENGTH,
    example: '',
  }),
};
