import { type ReactNode, startTransition } from 'react';
import type { Root } from 'react-dom/client';

/**
 * Renders the app's first tree as a transition. A plain `root.render` renders the whole tree in
 * one task, which under Lighthouse's mobile CPU was the takeover's longest blocking task; a
 * transition is rendered in slices of about 5 ms with the main thread free between them, so a tap
 * or a keystroke is not held up. Nothing is lost meanwhile: the prerendered login page lives outside
 * the root and stays painted until the app's page commits (`takeOverPrerenderedPage`).
 */
export function renderInSlices(root: Root, children: ReactNode): void {
  startTransition(() => root.render(children));
}
