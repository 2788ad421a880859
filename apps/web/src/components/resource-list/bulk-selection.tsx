import type { BulkAction } from '@scentia/shared/record-bulk.schemas';
import type { QueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import type { TableRowSelection } from 'antd/es/table/interface';
import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message.ts';
import { BulkBar } from './bulk-bar.tsx';
import { BulkDialog } from './bulk-dialog.tsx';
import type { BulkEndpoint } from './bulk-endpoint.ts';
import type { ListParams } from './list-params.ts';

/** What a list declares to offer bulk actions (`ResourceList`'s `bulk`; `RecordList` builds it). */
export type ListBulk<Row> = {
  /** The resource's bulk routes (`bulkEndpoint('/organizations')`). */
  endpoint: BulkEndpoint;
  /** The resource's translator: its namespace's `bulk.records` names the count ("37 organizações"). */
  t: TFunction;
  /** The actions the caller may take (an empty list hides the selection). */
  actions: readonly BulkAction[];
  rowId: (row: Row) => number;
  /** The name a row's checkbox is labelled with. */
  rowName: (row: Row) => string;
  /** What the action makes stale (the feature's `invalidate-<x>.ts`). */
  invalidate: (queryClient: QueryClient) => Promise<unknown>;
  /** The form fields of `move` (devices: the location and campaign typeaheads). */
  moveFields?: ReactNode;
};

/**
 * A list's selection and its bulk actions: the table's `rowSelection` (kept across pages, cleared
 * when the search or a filter changes) and what to render above the table (the selection bar, and
 * the dialog of the action under way).
 */
export function useListBulk<Row>(
  bulk: ListBulk<Row> | undefined,
  params: ListParams,
  total: number,
): { rowSelection?: TableRowSelection<Row>; bar: ReactNode } {
  const { t } = useTranslation('bulk');
  const { modal } = App.useApp();
  const [selected, setSelected] = useState<number[]>([]);
  const [isAllSelected, setAllSelected] = useState(false);
  const [isSelectingAll, setSelectingAll] = useState(false);
  const [action, setAction] = useState<BulkAction>();
  // Another search or filter selects from other rows: start afresh (compared during render).
  const filterKey = JSON.stringify([params.search, params.isActive, params.filters]);
  const [appliedKey, setAppliedKey] = useState(filterKey);
  if (appliedKey !== filterKey) {
    setAppliedKey(filterKey);
    setSelected([]);
    setAllSelected(false);
  }
  if (!bulk || bulk.actions.length === 0) return { bar: null };

  function clear() {
    setSelected([]);
    setAllSelected(false);
  }

  async function selectAll() {
    if (!bulk) return;
    setSelectingAll(true);
    try {
      const { page: _page, perPage: _perPage, ...filter } = params;
      const { ids } = await bulk.endpoint.matchingIds(filter);
      setSelected(ids);
      setAllSelected(true);
    } catch (error) {
      modal.error({ title: t('selectAllError'), content: errorMessage(error, t, ''), centered: true });
    } finally {
      setSelectingAll(false);
    }
  }

  const rowSelection: TableRowSelection<Row> = {
    selectedRowKeys: selected,
    preserveSelectedRowKeys: true,
    // antd copies the column titles into an aria-hidden measuring row, where a select-all checkbox
    // would be a hidden focus stop (axe aria-hidden-focus); the bar selects all that match instead.
    hideSelectAll: true,
    onChange: (keys) => {
      setSelected(keys.map(Number));
      setAllSelected(false);
    },
    getCheckboxProps: (row) => ({ 'aria-label': t('selectRow', { name: bulk.rowName(row) }) }),
  };
  const bar = (
    <>
      {selected.length > 0 && (
        <BulkBar
          count={selected.length}
          total={total}
          isAllSelected={isAllSelected}
          onSelectAll={() => void selectAll()}
          isSelectingAll={isSelectingAll}
          onClear={clear}
          actions={bulk.actions}
          onAction={setAction}
        />
      )}
      {action && (
        <BulkDialog
          action={action}
          ids={selected}
          records={bulk.t('bulk.records', { count: selected.length })}
          send={bulk.endpoint.send}
          invalidate={bulk.invalidate}
          moveFields={bulk.moveFields}
          onClose={(hasRun) => {
            setAction(undefined);
            if (hasRun) clear();
          }}
        />
      )}
    </>
  );
  return { rowSelection, bar };
}
