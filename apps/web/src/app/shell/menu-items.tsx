import {
  BankOutlined,
  CalendarOutlined,
  EnvironmentOutlined,
  ExperimentOutlined,
  HomeOutlined,
  InboxOutlined,
  QuestionCircleOutlined,
  RocketOutlined,
  TagsOutlined,
  TeamOutlined,
  UsergroupAddOutlined,
  WifiOutlined,
} from '@ant-design/icons';
import type { CurrentUser } from '@scentia/shared/auth.schemas';
import { mayOpenResource } from '@scentia/shared/resource-access';
import type { ReactNode } from 'react';
import { PATHS } from '../../lib/paths.ts';

/**
 * Who sees an entry: `staff` (the default) only the scent company's staff; `member` staff and the
 * members of a client organisation; `manager` a client organisation's Managers only (staff see an
 * organisation's members on its page). The server refuses the rest (docs/decisions/client-access.md).
 */
type Audience = 'staff' | 'member' | 'manager';

/** `key` names the entry's label (`menu.<key>`); `path` is where it leads, and what it stays selected within. */
export type MenuEntry = { key: string; path: string; icon: ReactNode; audience?: Audience };

/** The side menu of spec §2, in its order. */
export const SIDE_MENU: MenuEntry[] = [
  { key: 'home', path: PATHS.admin.home, icon: <HomeOutlined />, audience: 'member' },
  { key: 'users', path: PATHS.admin.users.list, icon: <TeamOutlined /> },
  { key: 'organizations', path: PATHS.admin.organizations.list, icon: <BankOutlined /> },
  { key: 'locations', path: PATHS.admin.locations.list, icon: <EnvironmentOutlined />, audience: 'member' },
  { key: 'fragrances', path: PATHS.admin.fragrances.list, icon: <ExperimentOutlined /> },
  { key: 'categories', path: PATHS.admin.categories.list, icon: <TagsOutlined /> },
  { key: 'campaigns', path: PATHS.admin.campaigns.list, icon: <RocketOutlined /> },
  { key: 'quiz', path: PATHS.admin.quiz.list, icon: <QuestionCircleOutlined /> },
  { key: 'devices', path: PATHS.admin.devices.list, icon: <WifiOutlined />, audience: 'member' },
  { key: 'capsules', path: PATHS.admin.capsules, icon: <InboxOutlined />, audience: 'member' },
  { key: 'initiatives', path: PATHS.admin.initiatives.list, icon: <CalendarOutlined />, audience: 'member' },
  { key: 'members', path: PATHS.admin.members, icon: <UsergroupAddOutlined />, audience: 'manager' },
];

/**
 * The entries `user` may use: a member sees their organisation's screens, staff everything but Members,
 * and an ADMIN-only resource (`RESOURCE_ACCESS`, by the entry's key) is offered to an ADMIN only.
 */
export function menuFor(
  user: (Pick<CurrentUser, 'membership'> & { profile?: Pick<CurrentUser['profile'], 'nome'> }) | null,
): MenuEntry[] {
  const membership = user?.membership ?? null;
  return SIDE_MENU.filter(({ key, audience = 'staff' }) => {
    if (!mayOpenResource(key, user?.profile?.nome)) return false;
    if (!membership) return audience !== 'manager';
    return audience === 'member' || (audience === 'manager' && membership.role === 'manager');
  });
}
