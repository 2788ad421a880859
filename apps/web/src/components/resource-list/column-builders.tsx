import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { formatTimestamp } from '../../lib/date-format.ts';
import { kitText } from '../resource-kit-keys.ts';
import type { ResourceColumn } from './resource-list.tsx';

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
    render: (isActive: boolean) => <StatusTag t={t} isActive={isActive} />,
  };
}

/** The `createdAt` column, titled `columns.createdAt` in the feature's namespace, sorted by `sortKey`. */
export function createdAtColumn<Row>(t: TFunction, sortKey: string): ResourceColumn<Row> {
  return { title: kitText(t, 'columns.createdAt'), dataIndex: 'createdAt', sortKey, render: formatCreatedAt };
}
