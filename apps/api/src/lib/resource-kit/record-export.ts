import { formatBrazilianPhone, formatCnpj } from '@scentia/shared/br-documents';
import type { Language } from '@scentia/shared/locales';
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
 * The export columns of the shared fields (`recordNameSchema`, `cnpjSchema` or `optionalCnpjSchema`,
 * `optionalEmailSchema`, `optionalPhoneSchema`, `noteSchema`) as the record names them, headed as their
 * import columns (`kitImportColumns`) and shown as typed (a CNPJ and a phone with their masks; none is
 * an empty cell). An e-mail the record names otherwise: `email(t, 'contactEmail', 'export.contactEmail')`.
 */
export const kitExportColumns = {
  name: (t: Translate): ExportColumn<{ name: string }> => ({
    header: t('export.name'),
    width: 28,
    value: (row) => row.name,
  }),
  cnpj: (t: Translate): ExportColumn<{ cnpj: string | null }> => ({
    header: t('export.cnpj'),
    width: 20,
    value: (row) => shown(row.cnpj, formatCnpj),
  }),
  email: <Key extends string = 'email'>(
    t: Translate,
    key = 'email' as Key,
    label: MessageKey = 'export.email',
  ): ExportColumn<{ [field in NoInfer<Key>]: string | null }> => ({
    header: t(label),
    width: 28,
    value: (row) => row[key],
  }),
  phone: (t: Translate): ExportColumn<{ phone: string | null }> => ({
    header: t('export.phone'),
    width: 16,
    value: (row) => shown(row.phone, formatBrazilianPhone),
  }),
  note: (t: Translate): ExportColumn<{ note: string | null }> => ({
    header: t('export.note'),
    width: 32,
    value: (row) => row.note,
  }),
};
