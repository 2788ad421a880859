import { PictureOutlined } from '@ant-design/icons';
import type { KitFieldKind } from '@scentia/shared/record-fields.schemas';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { formatTimestamp } from '../../lib/date-format.ts';
import { cnpjToForm, phoneToForm } from '../resource-form/form-values.ts';
import { kitText } from '../resource-kit-keys.ts';
import type { ResourceColumn } from './resource-column.ts';

/** The record's creation as shown in the lists: `31/12/2025 23:59`, in the browser's time zone. */
export function formatCreatedAt(createdAt: string): string {
  return formatTimestamp(createdAt);
}

/** Active or inactive, with `status.active|inactive` from the feature's namespace (`t`). */
export function StatusTag({ t, isActive }: { t: TFunction; isActive: boolean }) {
  return (
    <Tag className={isActive ? 'status-tag is-positive' : 'status-tag'}>
      {isActive ? kitText(t, 'status.active') : kitText(t, 'status.inactive')}
    </Tag>
  );
}

/** The `ativo` column, titled `columns.status` in the feature's namespace. */
export function statusColumn<Row>(t: TFunction): ResourceColumn<Row> {
  return {
    title: kitText(t, 'columns.status'),
    dataIndex: 'ativo',
    card: 'state',
    render: (isActive: boolean) => <StatusTag t={t} isActive={isActive} />,
  };
}

/** The `createdAt` column, titled `columns.createdAt` in the feature's namespace, sorted by `sortKey`. */
export function createdAtColumn<Row>(t: TFunction, sortKey: string): ResourceColumn<Row> {
  return { title: kitText(t, 'columns.createdAt'), dataIndex: 'createdAt', sortKey, render: formatCreatedAt };
}

/**
 * A CNPJ column (the row's `cnpj`, or `dataIndex`): the stored 14 characters shown with their mask,
 * empty when none (an optional CNPJ is null).
 */
export function cnpjColumn<Row>(title: string, dataIndex = 'cnpj'): ResourceColumn<Row> {
  return { title, dataIndex, render: (cnpj: string | null | undefined) => cnpjToForm(cnpj) };
}

/** A phone column (the row's `phone`, or `dataIndex`): the stored digits with their mask, empty when none. */
export function phoneColumn<Row>(title: string, dataIndex = 'phone'): ResourceColumn<Row> {
  return { title, dataIndex, render: (phone: string | null | undefined) => phoneToForm(phone) };
}

/**
 * An e-mail column (the row's `email`, or `dataIndex`), sorted by `sortKey` where the list sorts by it;
 * empty when none.
 */
export function emailColumn<Row>(title: string, dataIndex = 'email', sortKey?: string): ResourceColumn<Row> {
  return { title, dataIndex, sortKey, render: (email: string | null | undefined) => email ?? '' };
}

/** The kit's title of each kind's column: the form's label of the field (`common:form.kit.fields`), an address's city. */
const KIT_COLUMN_TITLE: Readonly<Record<KitFieldKind, string>> = {
  name: 'common:form.kit.fields.name',
  cnpj: 'common:form.kit.fields.cnpj',
  optionalCnpj: 'common:form.kit.fields.cnpj',
  email: 'common:form.kit.fields.email',
  phone: 'common:form.kit.fields.phone',
  note: 'common:form.kit.fields.note',
  address: 'common:list.kit.columns.city',
  optionalAddress: 'common:list.kit.columns.city',
};

/**
 * The column of one of the resource's shared fields, from its one declaration of them (the shared
 * `kitFields`, `<X>_KIT_FIELDS`): the kit's title for the field's kind (the same word as the form's
 * label), and the kind's cell: a CNPJ or a phone with its mask, an empty cell for none, an address as
 * its city (empty for a record without one); the name is the phone card's title. `column` adds the rest (`sortKey`, `priority`) and a
 * title where the resource's word says more than the kit's. `t` is the resource's translator.
 */
export function kitColumn<Row, Kinds extends Record<string, KitFieldKind>>(
  t: TFunction,
  declaration: { kinds: Kinds },
  field: keyof Kinds & string,
  column: Partial<ResourceColumn<Row>> = {},
): ResourceColumn<Row> {
  const kind = declaration.kinds[field] as KitFieldKind;
  const title = t(KIT_COLUMN_TITLE[kind]);
  if (kind === 'cnpj' || kind === 'optionalCnpj') return { ...cnpjColumn<Row>(title, field), ...column };
  if (kind === 'phone') return { ...phoneColumn<Row>(title, field), ...column };
  if (kind === 'email') return { ...emailColumn<Row>(title, field), ...column };
  // A record without an address (an optional one) shows an empty city.
  if (kind === 'address' || kind === 'optionalAddress')
    return { title, dataIndex: [field, 'city'], render: (city: string | undefined) => city ?? '', ...column };
  if (kind === 'name') return { title, dataIndex: field, card: 'name', ...column };
  return { title, dataIndex: field, render: (text: string | null | undefined) => text ?? '', ...column };
}

/**
 * A column of thumbnails (a fragrance's image, a campaign's cover): the picture, or a placeholder
 * where the record has none. Decorative: the row's name is in another column. `className` is the
 * resource's own class beside `record-thumb` (`fragrance-thumb`).
 */
export function thumbnailColumn<Row>(
  title: string,
  image: (row: Row) => { thumbnailUri: string } | null,
  className: string,
): ResourceColumn<Row> {
  return {
    title,
    key: 'thumbnail',
    render: (_value, row) => {
      const thumbnail = image(row);
      // Signed URLs load without a bearer.
      return thumbnail ? (
        <img className={`record-thumb ${className}`} src={thumbnail.thumbnailUri} alt="" loading="lazy" />
      ) : (
        <span className={`record-thumb record-thumb-empty ${className}`}>
          <PictureOutlined aria-hidden="true" />
        </span>
      );
    },
  };
}
