import { isUserProfile } from '@scentia/shared/validators';
import { Button, Drawer, Layout, Result } from 'antd';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { AntdProvider } from '../../components/antd-provider.tsx';
import { BrandLogo } from '../../components/brand-logo.tsx';
import { FullScreenLoader } from '../../components/full-screen-loader.tsx';
import { LanguageSwitcher } from '../../components/language-switcher.tsx';
import { useCurrentUser } from '../../features/auth/api/get-current-user.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { PATHS } from '../../lib/paths.ts';
import { endSession, LOGIN_PATH } from '../../lib/session.ts';
import { useNarrowScreen } from '../../lib/use-narrow-screen.ts';
import { AppFooter } from './app-footer.tsx';
import { AppHeader } from './app-header.tsx';
import { QuickPanel } from './quick-panel.tsx';
import { SideMenu } from './side-menu.tsx';
import { useDayjsLocale } from './use-dayjs-locale.ts';
import './shell.css';

export default function AdminLayoutRoute() {
  return (
    <AntdProvider>
      <AdminLayout />
    </AntdProvider>
  );
}

/** The signed-in frame (spec §2): header, side menu (a drawer under 768 px), content, footer. */
function AdminLayout() {
  const { t } = useTranslation('shell');
  useDayjsLocale();
  const isNarrow = useNarrowScreen();
  const { pathname } = useLocation();
  const [isCollapsed, setCollapsed] = useState(false);
  // The drawer stays open only on the page it was opened on, so following one of its links closes it.
  const [drawerOpenedAt, setDrawerOpenedAt] = useState<string | null>(null);
  const isDrawerOpen = drawerOpenedAt === pathname;
  const [isQuickPanelOpen, setQuickPanelOpen] = useState(false);
  const userQuery = useCurrentUser();
  const user = userQuery.data;

  const isBlocked = user !== undefined && isUserProfile(user.profile.nome);
  useEffect(() => {
    if (isBlocked) endSession();
  }, [isBlocked]);
  if (isBlocked) return <Navigate to={LOGIN_PATH} replace />;

  if (!user) {
    if (userQuery.isError) {
      return (
        <main className="admin-load-error">
          <Result
            status="warning"
            title={t('loadUserError')}
            subTitle={errorMessage(userQuery.error, t, '')}
            extra={[
              <Button key="retry" type="primary" onClick={() => void userQuery.refetch()}>
                {t('common:actions.retry')}
              </Button>,
              <Link key="logout" to={PATHS.logout}>
                {t('userMenu.logout')}
              </Link>,
            ]}
          />
        </main>
      );
    }
    return (
      <FullScreenLoader isOpen title={t('common:loading.title')} message={t('common:loading.userMessage')} />
    );
  }

  return (
    <Layout className="admin-shell">
      <a href="#main-content" className="skip-link">
        {t('skipToContent')}
      </a>
      {isNarrow ? (
        <Drawer
          open={isDrawerOpen}
          onClose={() => setDrawerOpenedAt(null)}
          placement="left"
          size={280}
          title={<BrandLogo size={30} />}
          className="admin-drawer"
          styles={{ body: { padding: '8px 0' } }}
        >
          <SideMenu />
          <div className="admin-drawer-language">
            <LanguageSwitcher size="small" />
          </div>
        </Drawer>
      ) : (
        <Layout.Sider
          className="admin-sider"
          width={248}
          collapsedWidth={72}
          collapsed={isCollapsed}
          trigger={null}
        >
          <Link to={PATHS.admin.home} className="admin-sider-logo" aria-label={t('menu.home')}>
            <BrandLogo size={32} isWordmarkHidden={isCollapsed} />
          </Link>
          <SideMenu isCollapsed={isCollapsed} />
        </Layout.Sider>
      )}
      <Layout className="admin-body">
        <AppHeader
          user={user}
          isNarrow={isNarrow}
          isCollapsed={isCollapsed}
          onToggleMenu={() => (isNarrow ? setDrawerOpenedAt(pathname) : setCollapsed((value) => !value))}
          onOpenQuickPanel={() => setQuickPanelOpen(true)}
        />
        <Layout.Content id="main-content" tabIndex={-1} className="admin-content">
          <Suspense fallback={null}>
            <Outlet />
          </Suspense>
        </Layout.Content>
        <AppFooter />
      </Layout>
      <QuickPanel isOpen={isQuickPanelOpen} onClose={() => setQuickPanelOpen(false)} isNarrow={isNarrow} />
    </Layout>
  );
}
