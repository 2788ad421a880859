import { DownOutlined, LockOutlined, LogoutOutlined } from '@ant-design/icons';
import type { CurrentUser } from '@scentia/shared/auth.schemas';
import { Avatar } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MenuButton } from '../../components/menu-button.tsx';
import { PATHS } from '../../lib/paths.ts';
import { ChangePasswordDialog } from './change-password-dialog.tsx';

type UserMenuProps = { user: CurrentUser; isCompact: boolean };

/** Avatar with the initial of the user's name, change password and logout (spec §2). */
export function UserMenu({ user, isCompact }: UserMenuProps) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const [isPasswordDialogOpen, setPasswordDialogOpen] = useState(false);
  const initial = user.nome.trim().charAt(0).toUpperCase() || '?';

  return (
    <>
      <MenuButton
        placement="bottomRight"
        items={[
          {
            key: 'identity',
            type: 'group',
            label: (
              <span className="user-menu-identity">
                <strong>{user.nome}</strong>
                <span>{user.email}</span>
              </span>
            ),
          },
          { type: 'divider' },
          { key: 'change-password', icon: <LockOutlined />, label: t('userMenu.changePassword') },
          { key: 'logout', icon: <LogoutOutlined />, label: t('userMenu.logout'), danger: true },
        ]}
        onSelect={(key) => {
          if (key === 'change-password') setPasswordDialogOpen(true);
          if (key === 'logout') void navigate(PATHS.logout);
        }}
      >
        <button
          type="button"
          className="user-menu-trigger"
          aria-label={t('header.userMenu', { name: user.nome })}
        >
          <Avatar className="user-menu-avatar" aria-hidden="true">
            {initial}
          </Avatar>
          {!isCompact && (
            <span className="user-menu-name" aria-hidden="true">
              {user.nome}
            </span>
          )}
          <DownOutlined aria-hidden="true" className="user-menu-caret" />
        </button>
      </MenuButton>
      <ChangePasswordDialog isOpen={isPasswordDialogOpen} onClose={() => setPasswordDialogOpen(false)} />
    </>
  );
}
