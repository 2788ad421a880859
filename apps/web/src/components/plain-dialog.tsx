import { type KeyboardEvent, type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { PlainIcon } from './plain-icon.tsx';
import './public-ui.css';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

type PlainDialogProps = {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** Receives the focus when the dialog opens; otherwise the first focusable element does. */
  initialFocusRef?: RefObject<HTMLElement | null>;
};

function focusablesOf(panel: HTMLElement): HTMLElement[] {
  return [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => !element.closest('[inert]'));
}

/**
 * A modal dialog for the public pages, which do not load Ant Design. Mount it to open it, unmount it
 * to close it. It is labelled by its title, takes the focus and gives it back on close, keeps Tab
 * inside, closes on Escape and on a click outside, and makes the rest of the page inert meanwhile.
 */
export function PlainDialog({ title, onClose, children, initialFocusRef }: PlainDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const overlayRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const overlay = overlayRef.current;
    const panel = panelRef.current;
    if (!overlay || !panel) return;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // Everything else on the page leaves the tab order and the accessibility tree while open.
    const others = [...document.body.children].filter(
      (element) => element !== overlay && !element.hasAttribute('inert'),
    );
    for (const element of others) element.setAttribute('inert', '');
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    (initialFocusRef?.current ?? focusablesOf(panel)[0] ?? panel).focus();
    return () => {
      for (const element of others) element.removeAttribute('inert');
      document.body.style.overflow = previousOverflow;
      previouslyFocused?.focus();
    };
  }, [initialFocusRef]);

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    const focusables = focusablesOf(panelRef.current);
    const first = focusables[0];
    const last = focusables.at(-1);
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: the overlay only forwards Escape and Tab of the dialog inside it
    <div
      ref={overlayRef}
      className="plain-dialog-overlay"
      onKeyDown={handleKeyDown}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panelRef}
        className="plain-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <div className="plain-dialog-header">
          <h2 id={titleId} className="plain-dialog-title">
            {title}
          </h2>
          <button
            type="button"
            className="plain-dialog-close"
            aria-label={t('actions.close')}
            onClick={onClose}
          >
            <PlainIcon name="close" />
          </button>
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}
