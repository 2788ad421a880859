import { useEffect } from 'react';

/** What the keyboard can reach, before the checks of visibility. */
export const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The dialog on top: the last antd dialog on screen. */
function topDialog(): HTMLElement | undefined {
  const dialogs = [...document.querySelectorAll<HTMLElement>('.ant-modal')];
  return dialogs.filter((dialog) => dialog.getClientRects().length > 0).at(-1);
}

function wrapTab(event: KeyboardEvent) {
  if (event.key !== 'Tab' || event.defaultPrevented) return;
  const dialog = topDialog();
  if (!dialog) return;
  const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => element.getClientRects().length > 0 && element.getAttribute('aria-hidden') !== 'true',
  );
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  const isLeaving = event.shiftKey ? document.activeElement === first : document.activeElement === last;
  if (!isLeaving) return;
  event.preventDefault();
  (event.shiftKey ? last : first).focus();
}

/**
 * Tab from a dialog's last control goes to its first (and Shift+Tab the other way) at once. antd's
 * lock only pulls the focus back once it has left: the dialog is the page's last element, so in
 * between the focus sits on nothing the person can see, a Tab stop without a focus indicator.
 */
export function useDialogTabWrap(): void {
  useEffect(() => {
    window.addEventListener('keydown', wrapTab, true);
    return () => window.removeEventListener('keydown', wrapTab, true);
  }, []);
}
