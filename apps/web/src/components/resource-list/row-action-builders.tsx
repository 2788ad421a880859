import { CheckCircleOutlined, DeleteOutlined, EditOutlined, StopOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import type { RowCommandAction, RowLinkAction } from './row-actions.tsx';

/*
 * The row actions every list offers (spec §4). `t` is the feature's own translator: its namespace
 * holds `actions.edit|delete|activate|deactivate` and `confirm.delete|deleteText|activate|deactivate`
 * (the confirmations take the row's `name`).
 */

/** Opens the record's edit page. */
export function editAction(t: TFunction, to: string): RowLinkAction {
  return { key: 'edit', label: t('actions.edit'), icon: <EditOutlined />, to };
}

/** Deletes the record after a danger confirmation. */
export function deleteAction(t: TFunction, name: string, run: () => Promise<unknown>): RowCommandAction {
  return {
    key: 'delete',
    label: t('actions.delete'),
    icon: <DeleteOutlined />,
    isDanger: true,
    confirm: {
      title: t('confirm.delete', { name }),
      content: t('confirm.deleteText'),
      okText: t('actions.delete'),
    },
    run,
    successMessage: t('common:list.deleted'),
    errorMessage: t('common:list.deleteError'),
  };
}

/** Deactivates an active record (a danger action) or activates an inactive one, after a confirmation. */
export function toggleAction(
  t: TFunction,
  row: { name: string; isActive: boolean },
  run: () => Promise<unknown>,
): RowCommandAction {
  const { name, isActive } = row;
  const label = isActive ? t('actions.deactivate') : t('actions.activate');
  return {
    key: 'toggle',
    label,
    icon: isActive ? <StopOutlined /> : <CheckCircleOutlined />,
    isDanger: isActive,
    confirm: {
      title: isActive ? t('confirm.deactivate', { name }) : t('confirm.activate', { name }),
      okText: label,
    },
    run,
    successMessage: t('common:list.statusChanged'),
    errorMessage: t('common:list.statusError'),
  };
}
