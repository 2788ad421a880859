import { type KitFieldKind, NOTE_MAX_LENGTH } from '@scentia/shared/record-fields.schemas';
import type { MessageKey } from '../../../i18n/translate.ts';
import type { ImportColumn } from './import-declaration.ts';

type KitColumnsOptions<Field extends string> = {
  /**
   * The body's address block (`addressImport()`), when a field is of the `address` kind;
   * `addressImport({ isOptional: true })` for the `optionalAddress` kind.
   */
  address?: { columns: ImportColumn[] };
  /** The template's example of a field (the name's is required in spirit: a list reads better with one). */
  examples?: Partial<Record<Field, string>>;
  /** The resource's own columns, each list after the kit column of the field it names. */
  after?: Partial<Record<Field, ImportColumn[]>>;
};

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

/** The kit column of one field of a kind; an address (optional or not) is the block's columns. */
function columnsOf(
  field: string,
  kind: KitFieldKind,
  example: string | undefined,
  address?: { columns: ImportColumn[] },
) {
  switch (kind) {
    case 'name':
      return [{ ...kitImportColumns.name(example ?? ''), key: field }];
    case 'cnpj':
    case 'optionalCnpj':
      return [{ ...kitImportColumns.cnpj(example, { isOptional: kind === 'optionalCnpj' }), key: field }];
    case 'email':
      return [kitImportColumns.email(field, `export.${field}` as MessageKey, example)];
    case 'phone':
      return [{ ...kitImportColumns.phone(example), key: field }];
    case 'note':
      return [{ ...kitImportColumns.note(), key: field }];
    case 'address':
    case 'optionalAddress':
      if (!address) throw new Error(`The import of the address field "${field}" needs its addressImport()`);
      return address.columns;
  }
}

/**
 * The import columns of a resource's shared fields, from the same declaration as its body and row
 * (`kitImportColumns.of(ORGANIZATION_KIT_FIELDS.kinds, { address, examples, after })`), in the
 * declaration's order, with the resource's own columns placed after the field each names. A field's
 * label is the export's (`export.<field>`), so the export and the template head it alike.
 */
export function kitColumnsOf<Field extends string>(
  kinds: Record<Field, KitFieldKind>,
  { address, examples = {}, after = {} }: KitColumnsOptions<Field> = {},
): ImportColumn[] {
  return (Object.entries(kinds) as [Field, KitFieldKind][]).flatMap(([field, kind]) => [
    ...columnsOf(field, kind, examples[field], address),
    ...(after[field] ?? []),
  ]);
}
