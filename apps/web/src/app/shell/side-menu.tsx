import { Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { isWithin } from '../../lib/paths.ts';
import { useSession } from '../../lib/use-session.ts';
import { menuFor } from './menu-items.tsx';

type SideMenuProps = { isCollapsed?: boolean };

export function SideMenu({ isCollapsed = false }: SideMenuProps) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const { user } = useSession();
  const entries = menuFor(user);
  return (
    <nav aria-label={t('menu.label')}>
      <Menu
        mode="inline"
        inlineCollapsed={isCollapsed}
        selectedKeys={entries.filter((entry) => isWithin(pathname, entry.path)).map((entry) => entry.key)}
        items={entries.map(({ key, path, icon }) => ({
          key,
          icon,
          // Real links: middle-click and "open in new tab" work as users expect.
          label: <Link to={path}>{t(`menu.${key}`)}</Link>,
        }))}
      />
    </nav>
  );
}
