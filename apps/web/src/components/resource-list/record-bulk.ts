import type { BulkAction } from '@scentia/shared/record-bulk.schemas';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useSession } from '../../lib/use-session.ts';
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
 * The bulk actions the signed-in caller is offered: none for a member of a client organisation, whom
 * the server refuses every write of the kit's lists (docs/decisions/client-access.md), `actions` for
 * staff. The server still decides each row.
 */
export function useCallerBulkActions(actions: readonly BulkAction[]): readonly BulkAction[] {
  const { user } = useSession();
  return user && !user.membership ? actions : NONE;
}

type RecordBulkSource<Row> = {
  t: TFunction;
  declared: RecordBulk | undefined;
  writes: Pick<ListBulk<Row>, 'endpoint' | 'invalidate'> | undefined;
  record: (row: Row) => { id: number; name: string };
};

/** `RecordList`'s bulk declaration, from the page's `bulk` and the resource's declared writes. */
export function useRecordBulk<Row>({
  t,
  declared,
  writes,
  record,
}: RecordBulkSource<Row>): ListBulk<Row> | undefined {
  const actions = useCallerBulkActions(declared?.actions ?? KIT_BULK_ACTIONS);
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
