import type { ReactNode } from 'react';
import { PlainIcon, type PlainIconName } from './plain-icon.tsx';
import './public-ui.css';

type NoticeType = 'info' | 'warning' | 'error';

const ICON: Record<NoticeType, PlainIconName> = {
  info: 'info-circle',
  warning: 'exclamation-circle',
  error: 'close-circle',
};

/** An alert box without Ant Design; errors are announced at once, the rest politely. */
export function Notice({ type, children }: { type: NoticeType; children: ReactNode }) {
  return (
    <div className={`notice notice-${type}`} role={type === 'error' ? 'alert' : 'status'}>
      <PlainIcon name={ICON[type]} className="notice-icon" />
      <div>{children}</div>
    </div>
  );
}
