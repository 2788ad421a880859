import { type Access, DEFAULT_ACCESS } from '@scentia/shared/access.rules';
import type { BulkAction } from '@scentia/shared/record-bulk.schemas';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useMayPass } from '../../lib/access.ts';
import type { ListBulk } from './bulk-selection.tsx';

/** What a record list declares to offer bulk actions: `bulk` alone gives activate, deactivate and delete. */
export type RecordBulk = {
  /** The actions offered, when not the kit's three (devices add `move`). */
  actions?: readonly BulkAction[];
  /** The form fields of `move` (see `ListBulk`). */
  moveFields?: ReactNode;
};

const KIT_BULK_ACTIONS: readonly BulkAction[] = ['activate', 'deactivate', 'delete'];
const NONE: readonly BulkAction[] = [];

/**
 * The bulk actions the signed-in caller is offered: `actions` when the shared role table lets them
 * through the actions' door (the single commands' `states` door; staff when the resource declares
 * none, as the server's bulk routes), none otherwise. The server still decides each row.
 */
export function useCallerBulkActions(
  actions: readonly BulkAction[],
  door: Access = DEFAULT_ACCESS,
): readonly BulkAction[] {
  const mayPass = useMayPass();
  return mayPass(door) ? actions : NONE;
}

type RecordBulkSource<Row> = {
  t: TFunction;
  /** The door of the resource's state changes (`doors.states`); staff when it declares none. */
  door: Access | undefined;
  declared: RecordBulk | undefined;
  writes: Pick<ListBulk<Row>, 'endpoint' | 'invalidate'> | undefined;
  record: (row: Row) => { id: number; name: string };
};

/** `RecordList`'s bulk declaration, from the page's `bulk` and the resource's declared writes. */
export function useRecordBulk<Row>({
  t,
  door,
  declared,
  writes,
  record,
}: RecordBulkSource<Row>): ListBulk<Row> | undefined {
  const actions = useCallerBulkActions(declared?.actions ?? KIT_BULK_ACTIONS, door);
  if (!declared || !writes) return undefined;
  return {
    ...writes,
    t,
    actions,
    rowId: (row) => record(row).id,
    rowName: (row) => record(row).name,
    moveFields: declared.moveFields,
  };
}
