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
  WifiOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { PATHS } from '../../lib/paths.ts';

/** `key` names the entry's label (`menu.<key>`); `path` is where it leads, and what it stays selected within. */
export type MenuEntry = { key: string; path: string; icon: ReactNode };

/** The side menu of spec §2, in its order. */
export const SIDE_MENU: MenuEntry[] = [
  { key: 'home', path: PATHS.admin.home, icon: <HomeOutlined /> },
  { key: 'users', path: PATHS.admin.users.list, icon: <TeamOutlined /> },
  { key: 'organizations', path: PATHS.admin.organizations.list, icon: <BankOutlined /> },
  { key: 'locations', path: PATHS.admin.locations.list, icon: <EnvironmentOutlined /> },
  { key: 'fragrances', path: PATHS.admin.fragrances.list, icon: <ExperimentOutlined /> },
  { key: 'categories', path: PATHS.admin.categories.list, icon: <TagsOutlined /> },
  { key: 'campaigns', path: PATHS.admin.campaigns.list, icon: <RocketOutlined /> },
  { key: 'quiz', path: PATHS.admin.quiz.list, icon: <QuestionCircleOutlined /> },
  { key: 'devices', path: PATHS.admin.devices.list, icon: <WifiOutlined /> },
  { key: 'capsules', path: PATHS.admin.capsules, icon: <InboxOutlined /> },
  { key: 'initiatives', path: PATHS.admin.initiatives.list, icon: <CalendarOutlined /> },
];
