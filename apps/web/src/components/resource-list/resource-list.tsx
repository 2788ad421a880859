import type { Page } from '@scentia/shared/list.schemas';
import type { UseQueryResult } from '@tanstack/react-query';
import { App, Table, type TableColumnType, type TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { type Key as ReactKey, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message.ts';
import type { SortDirection } from '../../lib/list-preferences.ts';
import { useNarrowScreen, useWideScreen } from '../../lib/use-narrow-screen.ts';
import { PageHeading } from '../page-heading.tsx';
import { type ListBulk, useListBulk } from './bulk-selection.tsx';
import type { Importer } from './import-endpoint.ts';
import { ListCard } from './list-card.tsx';
import type { ActiveFilter, ExportParams, ListParams } from './list-params.ts';
import { ListSortSelect } from './list-sort-select.tsx';
import { ListToolbar } from './list-toolbar.tsx';
import { RecordDetails } from './record-details.tsx';
import { columnTitle, type ListLayout, type ResourceColumn, splitColumns } from './resource-column.ts';
import { type RowAction, RowActions } from './row-actions.tsx';
import { useListImport } from './use-list-import.tsx';
import { useListState } from './use-list-state.ts';
import './resource-list.css';

const PAGE_SIZE_OPTIONS = ['10', '20', '50'];

export type ResourceListProps<Row> = {
  title: string;
  subtitle?: ReactNode;
  /** The API list's path (`usuario`): the key its sort and page size are remembered under. */
  endpoint: string;
  /**
   * The feature's query hook for one page of the list (`usersList.useList`); it keeps the previous page
   * on screen while the next one loads (keepPreviousData).
   */
  useList: (params: ListParams) => UseQueryResult<Page<Row>, Error>;
  columns: ResourceColumn<Row>[];
  rowKey: (row: Row) => ReactKey;
  defaultSort: { orderBy: string; orderByDirection: SortDirection };
  searchLabel: string;
  /** Offers the active/inactive filter; the list then shows active records by default. */
  hasActiveFilter?: boolean;
  /**
   * The list's own filters: the values sent with the list and its export (`organizationId`), which the
   * page holds (in its URL, so a link opens the list filtered), and the controls that change them;
   * `initialActiveFilter`, the active filter the list opens with when the link asks for another.
   */
  filters?: {
    values: Readonly<Record<string, string>>;
    controls: ReactNode;
    initialActiveFilter?: ActiveFilter;
  };
  add?: { path: string; label: string };
  /** Downloads the list as a file; the kit reports a failure. */
  onExport?: (params: ExportParams) => Promise<void>;
  rowActions?: (row: Row) => RowAction[];
  /** Offers a selection and bulk actions on it (`RecordList` declares them from its writes). */
  bulk?: ListBulk<Row>;
  /** The resource's spreadsheet import (`importEndpoint`): an Import button for those who may create. */
  importer?: Importer;
};

const toAntdOrder = (direction: SortDirection) => (direction === 'asc' ? 'ascend' : 'descend');

/**
 * A server-side list page (spec §2 "Common list behaviour"): debounced search, active filter,
 * sortable columns, 10/20/50 rows with "from-to of count", sort and page size remembered per
 * endpoint, confirmed row actions, refresh and export.
 *
 * It fits the window without sideways scrolling: under 1600 px the low-priority columns fold into the
 * row's expansion, and under 768 px each record is a card (name, states, actions) with the sort as a
 * choice beside the filters (see `ResourceColumn`).
 */
export function ResourceList<Row extends object>(props: ResourceListProps<Row>) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const isNarrow = useNarrowScreen();
  const isWide = useWideScreen();
  const layout: ListLayout = isNarrow ? 'cards' : isWide ? 'wide-table' : 'table';
  const sortKeys = props.columns.flatMap((column) => (column.sortKey ? [column.sortKey] : []));
  const list = useListState({
    endpoint: props.endpoint,
    defaultSort: props.defaultSort,
    sortKeys,
    hasActiveFilter: props.hasActiveFilter ?? false,
    filters: props.filters?.values,
    initialActiveFilter: props.filters?.initialActiveFilter,
  });
  const { params } = list;
  const query = props.useList(params);
  const [isExporting, setExporting] = useState(false);
  const bulk = useListBulk(props.bulk, params, query.data?.total ?? 0);
  const listImport = useListImport(props.importer);

  // spec §8: a list that cannot load says so in a dialog (once per failure, not once per render).
  const failure = useRef<unknown>(undefined);
  failure.current = query.error;
  const failedAt = query.isError ? query.errorUpdatedAt : 0;
  useEffect(() => {
    if (!failedAt) return;
    modal.error({
      title: t('list.loadErrorTitle'),
      content: errorMessage(failure.current, t, t('list.loadError')),
      centered: true,
    });
  }, [failedAt, modal, t]);

  // Deleting the last rows of the last page leaves it empty: show the new last page instead.
  const totalPages = query.data?.totalPages ?? 0;
  useEffect(() => {
    if (!query.isPlaceholderData && totalPages > 0 && params.page > totalPages) list.setPage(totalPages);
  }, [query.isPlaceholderData, totalPages, params.page, list.setPage]);

  async function exportList() {
    if (!props.onExport) return;
    setExporting(true);
    try {
      const { page: _page, perPage: _perPage, ...rest } = params;
      await props.onExport(rest);
    } catch {
      modal.error({ title: t('list.exportErrorTitle'), content: t('list.exportError'), centered: true });
    } finally {
      setExporting(false);
    }
  }

  const { shown, folded } = splitColumns(props.columns, layout);
  const { rowActions } = props;
  const actionsOf = (row: Row) => rowActions && <RowActions actions={rowActions(row)} />;
  const columns: TableColumnType<Row>[] =
    layout === 'cards'
      ? [
          {
            key: 'card',
            title: props.title,
            render: (_value, row, index) => (
              <ListCard columns={shown} row={row} index={index} actions={actionsOf(row)} />
            ),
          },
        ]
      : shown.map(({ sortKey, priority: _priority, card: _card, ...column }) =>
          sortKey
            ? {
                ...column,
                key: sortKey,
                sorter: true,
                // Without a third, "unsorted" state: a click toggles between ascending and descending.
                sortDirections: ['ascend', 'descend', 'ascend'],
                sortOrder: params.orderBy === sortKey ? toAntdOrder(params.orderByDirection) : null,
                showSorterTooltip: { title: t('list.sortBy', { column: column.title }) },
              }
            : column,
        );
  if (rowActions && layout !== 'cards') {
    columns.unshift({
      key: 'actions',
      title: t('list.rowActions'),
      width: 1,
      render: (_value, row) => actionsOf(row),
    });
  }
  const sortSelect = layout === 'cards' && sortKeys.length > 0 && (
    <ListSortSelect
      sorts={props.columns.flatMap((column) =>
        column.sortKey ? [{ key: column.sortKey, title: String(columnTitle(column)) }] : [],
      )}
      orderBy={params.orderBy}
      direction={params.orderByDirection}
      onChange={list.setSort}
    />
  );

  const onChange: TableProps<Row>['onChange'] = (pagination, _filters, sorter, { action }) => {
    if (action === 'sort') {
      const sorted = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<Row> | undefined;
      const key = typeof sorted?.columnKey === 'string' ? sorted.columnKey : params.orderBy;
      const direction: SortDirection =
        sorted?.order === 'ascend'
          ? 'asc'
          : sorted?.order === 'descend'
            ? 'desc'
            : params.orderByDirection === 'asc'
              ? 'desc'
              : 'asc';
      list.setSort(key, direction);
      return;
    }
    if (action === 'paginate') {
      if (pagination.pageSize && pagination.pageSize !== params.perPage) list.setPerPage(pagination.pageSize);
      else if (pagination.current) list.setPage(pagination.current);
    }
  };

  const isFirstLoad = query.isPending;
  return (
    <>
      <PageHeading title={props.title} subtitle={props.subtitle} />
      <section className="resource-list" aria-label={props.title}>
        <ListToolbar
          searchText={list.searchText}
          onSearchTextChange={list.setSearchText}
          searchLabel={props.searchLabel}
          activeFilter={props.hasActiveFilter ? list.activeFilter : undefined}
          onActiveFilterChange={props.hasActiveFilter ? list.setActiveFilter : undefined}
          filterControls={
            <>
              {props.filters?.controls}
              {sortSelect}
            </>
          }
          add={props.add}
          onRefresh={() => void query.refetch()}
          isRefreshing={query.isFetching && !isFirstLoad}
          onExport={props.onExport ? () => void exportList() : undefined}
          isExporting={isExporting}
          onImport={listImport.open}
        />
        {bulk.bar}
        <Table<Row>
          rowKey={props.rowKey}
          rowSelection={bulk.rowSelection}
          columns={columns}
          dataSource={query.data?.data ?? []}
          loading={{ spinning: query.isFetching, description: t('list.loading') }}
          onChange={onChange}
          showHeader={layout !== 'cards'}
          expandable={
            folded.length > 0
              ? {
                  expandedRowRender: (row, index) => (
                    <RecordDetails columns={folded} row={row} index={index} />
                  ),
                }
              : undefined
          }
          // An auto-sized table wraps its cells to fit the section; only what cannot wrap scrolls.
          scroll={{ x: true }}
          size="middle"
          locale={{
            // antd greys its placeholder at 25 % black (1.9:1 on white): the kit's own class keeps AA.
            emptyText: (
              <span className="resource-list-empty">{isFirstLoad ? t('list.loading') : t('list.empty')}</span>
            ),
          }}
          pagination={{
            current: params.page,
            pageSize: params.perPage,
            total: query.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZE_OPTIONS,
            // A broad search on a large table has an estimated total, which the server flags.
            showTotal: (total, [from, to]) =>
              t(query.data?.totalIsEstimate ? 'list.rangeEstimate' : 'list.range', { from, to, total }),
            locale: { items_per_page: t('list.perPage') },
          }}
        />
      </section>
      {listImport.dialog}
    </>
  );
}
