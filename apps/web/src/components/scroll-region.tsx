import type { ReactNode } from 'react';
import './scroll-region.css';

/**
 * A block wider than its card on a narrow screen (a table), scrolled sideways inside it. A region
 * that scrolls must be reachable by keyboard (WCAG 2.1.1; axe `scrollable-region-focusable`): it is
 * one named tab stop, whose arrow keys scroll it. antd's own `scroll` container cannot be focused.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region needs a tab stop to be scrolled by keyboard
    <section className="scroll-region" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
