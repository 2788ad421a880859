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
import { type Access, FLEET_DOORS, mayPass } from '@scentia/shared/access.rules';
import type { CurrentUser } from '@scentia/shared/auth.schemas';
import { mayOpenResource } from '@scentia/shared/resource-access';
import type { ReactNode } from 'react';
import { roleOfUser } from '../../lib/access.ts';
import { PATHS } from '../../lib/paths.ts';

/**
 * `key` names the entry's label (`menu.<key>`); `path` is where it leads, and what it stays selected
 * within; `door` is the door of the shared role table its page reads through (the server refuses the
 * rest, docs/decisions/client-access.md). `isMembersOnly`: an entry for members alone (staff reach an
 * organisation's members from its page).
 */
export type MenuEntry = { key: string; path: string; icon: ReactNode; door: Access; isMembersOnly?: boolean };

/** The side menu of spec §2, in its order. */
export const SIDE_MENU: MenuEntry[] = [
  { key: 'home', path: PATHS.admin.home, icon: <HomeOutlined />, door: FLEET_DOORS.dashboard.read },
  { key: 'users', path: PATHS.admin.users.list, icon: <TeamOutlined />, door: 'staff' },
  {
    key: 'organizations',
    path: PATHS.admin.organizations.list,
    icon: <BankOutlined />,
    door: FLEET_DOORS.organizations.read,
  },
  {
    key: 'locations',
    path: PATHS.admin.locations.list,
    icon: <EnvironmentOutlined />,
    door: FLEET_DOORS.locations.read,
  },
  { key: 'fragrances', path: PATHS.admin.fragrances.list, icon: <ExperimentOutlined />, door: 'staff' },
  { key: 'categories', path: PATHS.admin.categories.list, icon: <TagsOutlined />, door: 'staff' },
  { key: 'campaigns', path: PATHS.admin.campaigns.list, icon: <RocketOutlined />, door: 'staff' },
  { key: 'quiz', path: PATHS.admin.quiz.list, icon: <QuestionCircleOutlined />, door: 'staff' },
  { key: 'devices', path: PATHS.admin.devices.list, icon: <WifiOutlined />, door: FLEET_DOORS.devices.read },
  { key: 'capsules', path: PATHS.admin.capsules, icon: <InboxOutlined />, door: FLEET_DOORS.capsules.read },
  {
    key: 'initiatives',
    path: PATHS.admin.initiatives.list,
    icon: <CalendarOutlined />,
    door: FLEET_DOORS.initiatives.read,
  },
  {
    key: 'members',
    path: PATHS.admin.members,
    icon: <UsergroupAddOutlined />,
    door: FLEET_DOORS.members.manage,
    isMembersOnly: true,
  },
];

/**
 * The entries `user` may use: those whose door their role passes, an ADMIN-only resource
 * (`RESOURCE_ACCESS`, by the entry's key) to an ADMIN only, and Members to members alone.
 */
export function menuFor(user: Pick<CurrentUser, 'profile' | 'membership'> | null): MenuEntry[] {
  const role = roleOfUser(user);
  return SIDE_MENU.filter(
    ({ key, door, isMembersOnly }) =>
      mayPass(door, role) &&
      mayOpenResource(key, user?.profile?.nome) &&
      (!isMembersOnly || user?.membership != null),
  );
}
