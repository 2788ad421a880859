import { Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { SIDE_MENU, sectionOf } from './menu-items.tsx';

type SideMenuProps = { isCollapsed?: boolean };

export function SideMenu({ isCollapsed = false }: SideMenuProps) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  return (
    <nav aria-label={t('menu.label')}>
      <Menu
        mode="inline"
        inlineCollapsed={isCollapsed}
        selectedKeys={[sectionOf(pathname)]}
        items={SIDE_MENU.map(({ key, icon }) => ({
          key,
          icon,
          // Real links: middle-click and "open in new tab" work as users expect.
          label: <Link to={`/admin/${key}`}>{t(`menu.${key}`)}</Link>,
        }))}
      />
    </nav>
  );
}
