import {
  BellOutlined,
  MenuFoldOutlined,
  MenuOutlined,
  MenuUnfoldOutlined,
  SafetyCertificateOutlined,
} from '@ant-design/icons';
import type { CurrentUser } from '@scentia/shared/auth.schemas';
import { mayOpenResource } from '@scentia/shared/resource-access';
import { Badge, Button, Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { BrandLogo } from '../../components/brand-logo.tsx';
import { LanguageSwitcher } from '../../components/language-switcher.tsx';
import { useNotifications } from '../../features/notifications/api/list-notifications.ts';
import { isWithin, PATHS } from '../../lib/paths.ts';
import { UserMenu } from './user-menu.tsx';

type AppHeaderProps = {
  user: CurrentUser;
  isNarrow: boolean;
  isCollapsed: boolean;
  onToggleMenu: () => void;
  onOpenQuickPanel: () => void;
};

export function AppHeader({ user, isNarrow, isCollapsed, onToggleMenu, onOpenQuickPanel }: AppHeaderProps) {
  const { t } = useTranslation('shell');
  // The open alerts this person has not read, asked again every minute (list-notifications.ts).
  const unreadCount = useNotifications().data?.unreadCount ?? 0;
  const { pathname } = useLocation();
  const isProfilesActive = isWithin(pathname, PATHS.admin.profiles);

  return (
    <Layout.Header className="admin-header">
      <div className="admin-header-start">
        {isNarrow ? (
          <Button
            type="text"
            icon={<MenuOutlined />}
            aria-label={t('header.openMenu')}
            onClick={onToggleMenu}
          />
        ) : (
          <Button
            type="text"
            icon={isCollapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            aria-label={isCollapsed ? t('header.expandMenu') : t('header.collapseMenu')}
            aria-expanded={!isCollapsed}
            onClick={onToggleMenu}
          />
        )}
        {isNarrow && (
          <Link to={PATHS.admin.home} aria-label={t('menu.home')}>
            <BrandLogo size={28} isWordmarkHidden />
          </Link>
        )}
        {mayOpenResource('profiles', user.profile.nome) && (
          <nav aria-label={t('menu.topLabel')}>
            <Link
              to={PATHS.admin.profiles}
              className={`admin-top-link${isProfilesActive ? ' is-active' : ''}`}
              aria-current={isProfilesActive ? 'page' : undefined}
            >
              <SafetyCertificateOutlined aria-hidden="true" />
              <span className="admin-top-link-label">{t('menu.profiles')}</span>
            </Link>
          </nav>
        )}
      </div>
      <div className="admin-header-end">
        {!isNarrow && <LanguageSwitcher size="small" />}
        <Badge count={unreadCount} size="small" offset={[-6, 6]}>
          <Button
            type="text"
            icon={<BellOutlined />}
            aria-label={
              unreadCount > 0 ? t('header.quickPanelUnread', { count: unreadCount }) : t('header.quickPanel')
            }
            onClick={onOpenQuickPanel}
          />
        </Badge>
        <UserMenu user={user} isCompact={isNarrow} />
      </div>
    </Layout.Header>
  );
}
