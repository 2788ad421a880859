import {
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

export type MenuEntry = { key: string; icon: ReactNode };

/** The side menu of spec §2, in its order; the key is both the path under /admin and the label key. */
export const SIDE_MENU: MenuEntry[] = [
  { key: 'home', icon: <HomeOutlined /> },
  { key: 'users', icon: <TeamOutlined /> },
  { key: 'fragrances', icon: <ExperimentOutlined /> },
  { key: 'categories', icon: <TagsOutlined /> },
  { key: 'campaigns', icon: <RocketOutlined /> },
  { key: 'quiz', icon: <QuestionCircleOutlined /> },
  { key: 'devices', icon: <WifiOutlined /> },
  { key: 'capsules', icon: <InboxOutlined /> },
];

/** "/admin/users/12/update" → "users". */
export function sectionOf(pathname: string): string {
  return pathname.split('/')[2] ?? 'home';
}
