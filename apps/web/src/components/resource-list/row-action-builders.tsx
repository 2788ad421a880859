import {
  CheckCircleOutlined,
  DeleteOutlined,
  EditOutlined,
  EyeOutlined,
  StopOutlined,
} from '@ant-design/icons';
import type { TFunction } from 'i18next';
import { kitText } from '../resource-kit-keys.ts';
import type { RowCommandAction, RowLinkAction } from './row-actions.tsx';

/*
 * The row actions every list offers (spec §4). `t` is the feature's own translator: its namespace
 * holds the kit's `actions.*` and `confirm.*` keys (RESOURCE_KIT_KEYS; the confirmations take the
 * row's `name`).
 */

/** Opens the record's edit page. */
export function editAction(t: TFunction, to: string): RowLinkAction {
  return { key: 'edit', label: kitText(t, 'actions.edit'), icon: <EditOutlined />, to };
}

/** Opens the record's page read-only, for someone who may read it but not change it. */
function viewAction(t: TFunction, to: string): RowLinkAction {
  return { key: 'view', label: t('common:list.view'), icon: <EyeOutlined />, to };
}

/** Deletes the record after a danger confirmation. */
export function deleteAction(t: TFunction, name: string, run: () => Promise<unknown>): RowCommandAction {
  return {
    key: 'delete',
    label: kitText(t, 'actions.delete'),
    icon: <DeleteOutlined />,
    isDanger: true,
    confirm: {
      title: kitText(t, 'confirm.delete', { name }),
      content: kitText(t, 'confirm.deleteText'),
      okText: kitText(t, 'actions.delete'),
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
  const label = isActive ? kitText(t, 'actions.deactivate') : kitText(t, 'actions.activate');
  return {
    key: 'toggle',
    label,
    icon: isActive ? <StopOutlined /> : <CheckCircleOutlined />,
    isDanger: isActive,
    confirm: {
      title: isActive ? kitText(t, 'confirm.deactivate', { name }) : kitText(t, 'confirm.activate', { name }),
      okText: label,
    },
    run,
    successMessage: t('common:list.statusChanged'),
    errorMessage: t('common:list.statusError'),
  };
}

/** What a record's row offers on every list: its edit page, and the commands behind delete and toggle. */
type RecordRowTarget = {
  name: string;
  isActive: boolean;
  editPath: string;
  remove: () => Promise<unknown>;
  /** Deactivates the record when active, activates it otherwise. */
  toggle: () => Promise<unknown>;
};

/** One of the common row actions, by the kind a feature's row rules chose for the row. */
export function recordRowAction(
  t: TFunction,
  kind: 'edit' | 'view' | 'delete' | 'toggle',
  target: RecordRowTarget,
): RowLinkAction | RowCommandAction {
  switch (kind) {
    case 'edit':
      return editAction(t, target.editPath);
    case 'view':
      return viewAction(t, target.editPath);
    case 'delete':
      return deleteAction(t, target.name, target.remove);
    case 'toggle':
      return toggleAction(t, target, target.toggle);
  }
}
