import { useEffect, useRef, useState } from 'react';
import { FOCUSABLE } from './dialog-tab-wrap.ts';

/** The element that opened a dialog, and what contained it then, from the nearest up. */
type Opener = { element: HTMLElement; containers: HTMLElement[] };

/** The element with the focus now, unless that is nothing in particular (the page's body). */
function currentOpener(): Opener | null {
  const element = document.activeElement;
  if (!(element instanceof HTMLElement) || element === document.body) return null;
  const containers: HTMLElement[] = [];
  for (
    let parent = element.parentElement;
    parent && parent !== document.body;
    parent = parent.parentElement
  ) {
    containers.push(parent);
  }
  return { element, containers };
}

function firstVisibleFocusable(container: HTMLElement): HTMLElement | undefined {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].find(
    (element) => element.getClientRects().length > 0,
  );
}

function giveFocusBack({ element, containers }: Opener) {
  if (element.isConnected) {
    element.focus({ preventScroll: true });
    return;
  }
  // The opener went with what the dialog did (the selection bar of a finished bulk action): the
  // first control of the nearest part of the page still there, rather than the top of the page.
  const container = containers.find((candidate) => candidate.isConnected);
  if (container) firstVisibleFocusable(container)?.focus({ preventScroll: true });
}

/**
 * For a dialog that closes by being unmounted: when it goes, the focus goes back to the element that
 * had it when the dialog first rendered (the button that opened it). antd gives the focus back only
 * when a dialog closes through its `open` prop; unmounted while open, it leaves the focus on the page's
 * body, and a keyboard user starts again from the top of the page.
 */
export function useFocusReturn(): void {
  // Read during the first render: before the dialog, or anything in it, takes the focus.
  const [opener] = useState(currentOpener);
  const pendingReturn = useRef(0);
  useEffect(() => {
    // Mounted again at once (React's development check): the dialog is still there.
    cancelAnimationFrame(pendingReturn.current);
    return () => {
      // After the dialog's own clean-up, which releases antd's focus lock.
      pendingReturn.current = requestAnimationFrame(() => {
        if (opener) giveFocusBack(opener);
      });
    };
  }, [opener]);
}
