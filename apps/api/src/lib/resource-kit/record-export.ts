import { formatBrazilianPhone, formatCnpj } from '@scentia/shared/br-documents';
import type { Language } from '@scentia/shared/locales';
import type { KitFieldKind } from '@scentia/shared/record-fields.schemas';
import { type MessageKey, translate } from '../../i18n/translate.ts';
import type { ExportColumn } from '../xlsx-export.ts';

/** A header in the request's language. */
type Translate = (key: MessageKey, params?: Record<string, string>) => string;

type KitRecord = { id: number; deletedAt: Date | null; createdAt: Date; updatedAt: Date };

/**
 * How the common columns are written: `padIdTo` digits of an id padded with zeros ("0042", as the
 * fragrances and campaigns sheets always had it); `updatedAt: false` leaves that column out.
 */
type CommonColumns = { padIdTo?: number; updatedAt?: boolean };

/**
 * A resource's spreadsheet columns, headed in the request's language: its id first, then its own
 * columns (`own`, given the translator), then whether it is active and when it was created and updated.
 */
export function recordExportColumns<Record extends KitRecord>(
  language: Language,
  own: (t: Translate) => ExportColumn<Record>[],
  common: CommonColumns = {},
): ExportColumn<Record>[] {
  const t: Translate = (key, params) => translate(language, key, params);
  const { padIdTo, updatedAt = true } = common;
  const id = (row: Record) => (padIdTo ? String(row.id).padStart(padIdTo, '0') : row.id);
  return [
    { header: t('export.id'), width: 8, value: id },
    ...own(t),
    { header: t('export.active'), width: 8, value: (row) => t(row.deletedAt ? 'export.no' : 'export.yes') },
    { header: t('export.createdAt'), width: 20, value: (row) => row.createdAt },
    ...(updatedAt
      ? [{ header: t('export.updatedAt'), width: 20, value: (row: Record) => row.updatedAt }]
      : []),
  ];
}

/** A record's address columns; a user's country is null when they gave no address. */
type AddressRecord = {
  zipcode: string | null;
  street: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
};

/** The address block's columns (postcode, street, city, state, country). */
export function addressExportColumns<Record extends AddressRecord>(t: Translate): ExportColumn<Record>[] {
  return [
    { header: t('export.zipcode'), width: 12, value: (row) => row.zipcode },
    { header: t('export.street'), width: 32, value: (row) => row.street },
    { header: t('export.city'), width: 20, value: (row) => row.city },
    { header: t('export.state'), width: 16, value: (row) => row.state },
    { header: t('export.country'), width: 8, value: (row) => row.country },
  ];
}

/** A masked field's cell: its value through `show` (the mask), or an empty cell for none. */
const shown = (value: string | null, show: (value: string) => string) => (value ? show(value) : null);

/**
 * The export column of each kind of shared field (`recordNameSchema`, `cnpjSchema` or
 * `optionalCnpjSchema`, `optionalEmailSchema`, `optionalPhoneSchema`, `noteSchema`) under the field the
 * record names it, headed as its import column (`kitColumnsOf`: an e-mail as `export.<field>`) and
 * shown as typed (a CNPJ and a phone with their masks; none is an empty cell).
 */
const cell = (row: FieldRecord, field: string) => row[field] ?? null;
const KIT_EXPORT_COLUMNS: Readonly<
  Record<
    Exclude<KitFieldKind, 'address' | 'optionalAddress'>,
    (t: Translate, field: string) => ExportColumn<FieldRecord>
  >
> = {
  name: (t, field) => ({ header: t('export.name'), width: 28, value: (row) => cell(row, field) }),
  cnpj: (t, field) => ({
    header: t('export.cnpj'),
    width: 20,
    value: (row) => shown(cell(row, field), formatCnpj),
  }),
  optionalCnpj: (t, field) => KIT_EXPORT_COLUMNS.cnpj(t, field),
  email: (t, field) => ({
    header: t(`export.${field}` as MessageKey),
    width: 28,
    value: (row) => cell(row, field),
  }),
  phone: (t, field) => ({
    header: t('export.phone'),
    width: 16,
    value: (row) => shown(cell(row, field), formatBrazilianPhone),
  }),
  note: (t, field) => ({ header: t('export.note'), width: 32, value: (row) => cell(row, field) }),
};
type FieldRecord = Record<string, string | null>;

/** The record's fields a declaration exports: a text (or none) each, and the address block's columns. */
type KitExportRecord<Kinds extends Record<string, KitFieldKind>> = {
  [Field in keyof Kinds as Kinds[Field] extends 'address' | 'optionalAddress' ? never : Field]: string | null;
} & ([Extract<Kinds[keyof Kinds], 'address' | 'optionalAddress'>] extends [never] ? unknown : AddressRecord);

/**
 * The export columns of a resource's shared fields, from the same declaration as its body, row and
 * import (`kitExportColumnsOf(t, ORGANIZATION_KIT_FIELDS.kinds, { after })`), in the declaration's
 * order, an address as `addressExportColumns`, with the resource's own columns placed after the field
 * each names (`after: { name: [legalName] }`), as the import template places them.
 */
export function kitExportColumnsOf<
  Row extends KitExportRecord<Kinds>,
  const Kinds extends Record<string, KitFieldKind>,
>(
  t: Translate,
  kinds: Kinds,
  { after = {} }: { after?: { [Field in keyof Kinds]?: ExportColumn<Row>[] } } = {},
): ExportColumn<Row>[] {
  return Object.entries(kinds).flatMap(([field, kind]) => [
    ...(kind === 'address' || kind === 'optionalAddress'
      ? (addressExportColumns<AddressRecord>(t) as unknown as ExportColumn<Row>[])
      : [KIT_EXPORT_COLUMNS[kind](t, field) as unknown as ExportColumn<Row>]),
    ...(after[field as keyof Kinds] ?? []),
  ]);
}
