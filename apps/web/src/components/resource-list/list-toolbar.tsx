import {
  DownloadOutlined,
  MoreOutlined,
  PlusOutlined,
  ReloadOutlined,
  SearchOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { Button, Input, type MenuProps, Segmented } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useNarrowScreen } from '../../lib/use-narrow-screen.ts';
import { MenuButton } from '../menu-button.tsx';
import type { ActiveFilter } from './list-params.ts';

type ListToolbarProps = {
  searchText: string;
  onSearchTextChange: (text: string) => void;
  searchLabel: string;
  activeFilter?: ActiveFilter;
  onActiveFilterChange?: (filter: ActiveFilter) => void;
  /** The list's own filters (a typeahead of the parent record), after the search. */
  filterControls?: ReactNode;
  add?: { path: string; label: string };
  onRefresh: () => void;
  isRefreshing: boolean;
  onExport?: () => void;
  isExporting: boolean;
  /** Opens the list's import dialog (`useListImport`). */
  onImport?: () => void;
};

/**
 * Search, the active/inactive filter and the add / refresh / export buttons (spec §2). Under 768 px
 * the buttons move into one dropdown menu.
 */
export function ListToolbar(props: ListToolbarProps) {
  const { t } = useTranslation();
  const isNarrow = useNarrowScreen();
  const navigate = useNavigate();
  const { add, onExport, onImport, activeFilter, onActiveFilterChange } = props;

  const menuItems: NonNullable<MenuProps['items']> = [
    ...(add ? [{ key: 'add', icon: <PlusOutlined />, label: add.label }] : []),
    { key: 'refresh', icon: <ReloadOutlined />, label: t('list.refresh'), disabled: props.isRefreshing },
    ...(onExport
      ? [{ key: 'export', icon: <DownloadOutlined />, label: t('list.export'), disabled: props.isExporting }]
      : []),
    ...(onImport ? [{ key: 'import', icon: <UploadOutlined />, label: t('list.import') }] : []),
  ];
  const onMenuSelect = (key: string) => {
    if (key === 'add' && add) void navigate(add.path);
    if (key === 'refresh') props.onRefresh();
    if (key === 'export') onExport?.();
    if (key === 'import') onImport?.();
  };

  return (
    <div className="list-toolbar">
      <div className="list-toolbar-filters">
        <Input
          className="list-search"
          type="search"
          allowClear
          prefix={<SearchOutlined aria-hidden="true" />}
          placeholder={props.searchLabel}
          aria-label={props.searchLabel}
          value={props.searchText}
          onChange={(event) => props.onSearchTextChange(event.target.value)}
        />
        {props.filterControls}
        {activeFilter && onActiveFilterChange && (
          <Segmented<ActiveFilter>
            aria-label={t('list.activeFilter')}
            value={activeFilter}
            onChange={onActiveFilterChange}
            options={[
              { value: 'active', label: t('list.active') },
              { value: 'inactive', label: t('list.inactive') },
              { value: 'all', label: t('list.all') },
            ]}
          />
        )}
      </div>
      {isNarrow ? (
        <MenuButton items={menuItems} onSelect={onMenuSelect}>
          <Button icon={<MoreOutlined />}>{t('list.actions')}</Button>
        </MenuButton>
      ) : (
        <div className="list-toolbar-buttons">
          <Button icon={<ReloadOutlined />} onClick={props.onRefresh} loading={props.isRefreshing}>
            {t('list.refresh')}
          </Button>
          {onExport && (
            <Button icon={<DownloadOutlined />} onClick={onExport} loading={props.isExporting}>
              {t('list.export')}
            </Button>
          )}
          {onImport && (
            <Button icon={<UploadOutlined />} onClick={onImport}>
              {t('list.import')}
            </Button>
          )}
          {add && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(add.path)}>
              {add.label}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
