import type { RecordDoors } from '@scentia/shared/access.rules';
import type { Page } from '@scentia/shared/list.schemas';
import type { UseQueryResult } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useMayPass } from '../../lib/access.ts';
import { type AdminResourceKey, PATHS } from '../../lib/paths.ts';
import { useRecordCommands } from '../resource-form/resource-mutations.ts';
import { kitText } from '../resource-kit-keys.ts';
import { createdAtColumn, StatusTag, statusColumn } from './column-builders.tsx';
import type { Importer } from './import-endpoint.ts';
import type { ExportParams, ListParams } from './list-params.ts';
import { type RecordBulk, useRecordBulk } from './record-bulk.ts';
import { offeredRowActions } from './record-doors.ts';
import type { ResourceColumn } from './resource-column.ts';
import { ResourceList, type ResourceListProps } from './resource-list.tsx';
import { recordRowAction } from './row-action-builders.tsx';
import type { RowAction } from './row-actions.tsx';

type RecordActionKind = Exclude<Parameters<typeof recordRowAction>[1], 'view'>;

export type RecordListProps<Row extends { ativo: boolean }> = {
  /**
   * The resource's translator (`useTranslation('<x>')`): its namespace holds the kit's keys, the
   * page's `title`, `searchLabel` and `actions.add` among them (RESOURCE_KIT_KEYS).
   */
  t: TFunction;
  /**
   * The resource's key (`'organizations'`): its pages are `PATHS.admin[resource]` and its list's sort
   * and page size are remembered under it.
   */
  resource: AdminResourceKey;
  /** The feature's `list-<x>.ts` declaration (`listEndpoint`). */
  list: { useList: (params: ListParams) => UseQueryResult<Page<Row>, Error> };
  /** The feature's `<x>-mutations.ts` declaration (`resourceMutations`): the row commands and the export. */
  mutations: Parameters<typeof useRecordCommands>[0] & {
    exportList: (params: ExportParams) => Promise<void>;
    bulk?: Parameters<typeof useRecordBulk<Row>>[0]['writes'];
    importer?: Importer;
  };
  /** The resource's own columns; the status and creation columns follow them. */
  columns: ResourceColumn<Row>[];
  /** What the status column shows beside the active tag (a warning tag), or nothing. */
  statusNote?: (row: Row) => ReactNode;
  /** The resource's columns between the status and the creation (a campaign's last change). */
  columnsAfterStatus?: ResourceColumn<Row>[];
  /**
   * The `orderBy` value of the creation date: the creation column's sort and the list's default (newest
   * first). The kit's lists sort by `createdAt`; a list of the older contract names its own.
   */
  createdAtSort?: string;
  /** The row's id and the name its confirmations show. */
  record: (row: Row) => { id: number; name: string };
  /** The actions the resource's shared row rule allows on the row (`organizationRowActions(state)`). */
  rowActions: (row: Row) => readonly RecordActionKind[];
  /** The resource's own row actions after the kit's (a device's reset code and user disconnect). */
  moreRowActions?: (row: Row) => RowAction[];
  filters?: ResourceListProps<Row>['filters'];
  /** Offers a selection and bulk actions (activate, deactivate, delete for good, or those named). */
  bulk?: RecordBulk;
  /** Offers the spreadsheet import of the resource's declared writes (`mutations.importer`). */
  importable?: boolean;
  /**
   * The resource's doors in the shared role table (`FLEET_DOORS.locations`): add, edit and the state
   * changes are offered only to whom they admit. Staff-only resources leave it out.
   */
  doors?: RecordDoors;
};

/**
 * The list page of a soft-deleted resource on the kit, as one declaration: `ResourceList` with the
 * resource's columns then status and creation, the search, the active filter, add and export, and
 * the row actions its shared rule allows (edit, delete for good, activate/deactivate) run by its
 * declared writes. A column may carry a command of its own (a campaign's default star); a list whose
 * writes are not the kit's (users) builds on `ResourceList`.
 */
export function RecordList<Row extends { ativo: boolean }>(props: RecordListProps<Row>) {
  const { t, mutations, record, statusNote } = props;
  const paths = PATHS.admin[props.resource];
  const createdAtSort = props.createdAtSort ?? 'createdAt';
  const commands = useRecordCommands(mutations);
  const bulk = useRecordBulk({
    t,
    door: props.doors?.states,
    declared: props.bulk,
    writes: mutations.bulk,
    record,
  });
  const mayPass = useMayPass();
  const { doors } = props;
  const status: ResourceColumn<Row> = statusNote
    ? {
        ...statusColumn(t),
        render: (isActive: boolean, row: Row) => (
          <span className="record-status">
            <StatusTag t={t} isActive={isActive} />
            {statusNote(row)}
          </span>
        ),
      }
    : statusColumn(t);

  function rowActions(row: Row) {
    const { id, name } = record(row);
    const target = { name, isActive: row.ativo, editPath: paths.update(id), ...commands(id, row.ativo) };
    const kinds = offeredRowActions(props.rowActions(row), doors, mayPass);
    const kitActions = kinds.map((kind) => recordRowAction(t, kind, target));
    return [...kitActions, ...(props.moreRowActions?.(row) ?? [])];
  }

  return (
    <ResourceList<Row>
      title={kitText(t, 'title')}
      endpoint={props.resource}
      useList={props.list.useList}
      columns={[
        ...props.columns,
        status,
        ...(props.columnsAfterStatus ?? []),
        createdAtColumn(t, createdAtSort),
      ]}
      rowKey={(row) => record(row).id}
      defaultSort={{ orderBy: createdAtSort, orderByDirection: 'desc' }}
      searchLabel={kitText(t, 'searchLabel')}
      hasActiveFilter
      filters={props.filters}
      add={
        !doors || mayPass(doors.create) ? { path: paths.create, label: kitText(t, 'actions.add') } : undefined
      }
      onExport={mutations.exportList}
      rowActions={rowActions}
      bulk={bulk}
      importer={props.importable ? mutations.importer : undefined}
    />
  );
}
