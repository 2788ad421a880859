import { Dropdown, type DropdownProps, type MenuProps } from 'antd';
import {
  cloneElement,
  type KeyboardEvent,
  type MouseEvent,
  type ReactElement,
  type Ref,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';

type TriggerProps = {
  ref?: Ref<HTMLElement>;
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
  'aria-haspopup'?: 'menu';
  'aria-expanded'?: boolean;
  'aria-controls'?: string;
};

type MenuButtonProps = {
  items: NonNullable<MenuProps['items']>;
  /** Runs the chosen item; the focus is already back on the button, where a dialog it opens returns it. */
  onSelect: (key: string) => void;
  placement?: DropdownProps['placement'];
  /** The button that opens the menu (an antd `Button` or a `button`). */
  children: ReactElement<TriggerProps>;
};

/** How many frames an opening menu is given to come on screen and take the focus. */
const MAX_FRAMES = 30;

function firstItemOf(menu: HTMLElement): HTMLElement | null {
  return menu.querySelector<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])');
}

/**
 * A button that opens a menu of actions (antd `Dropdown`), usable by keyboard as the WAI-ARIA menu
 * button pattern asks: Enter, Space, ArrowDown or ArrowUp open it with the focus on its first item,
 * the arrow keys then move between the items, Escape closes it back onto the button, and a chosen
 * item gives the focus back to the button before it runs. antd alone opens the menu but leaves the
 * focus on the button, where the arrow keys do nothing; and a chosen item left the focus on nothing.
 */
export function MenuButton({ items, onSelect, placement, children }: MenuButtonProps) {
  // An id valid in a selector and as `aria-controls` (React's ids carry punctuation).
  const menuId = `menu-${useId().replaceAll(/[^\w-]/g, '')}`;
  const [isOpen, setOpen] = useState(false);
  // Opened from the keyboard, the focus goes to the menu's first item; opened with the pointer, it
  // stays on the button (Tab then enters the menu).
  const [focusesMenu, setFocusesMenu] = useState(false);
  const triggerRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!isOpen || !focusesMenu) return;
    // antd's `autoFocus` tries once, a few frames after opening, and misses while the menu is not yet
    // shown; the first item is focused here until the focus is in the menu (where an arrow key may
    // already have moved it on).
    let frames = 0;
    let request = 0;
    const focusFirstItem = () => {
      const menu = document.getElementById(menuId);
      if (menu?.contains(document.activeElement)) return;
      if (menu) firstItemOf(menu)?.focus();
      frames += 1;
      if (frames < MAX_FRAMES) request = requestAnimationFrame(focusFirstItem);
    };
    request = requestAnimationFrame(focusFirstItem);
    return () => cancelAnimationFrame(request);
  }, [isOpen, focusesMenu, menuId]);

  function openFromKeyboard() {
    if (!isOpen) {
      setFocusesMenu(true);
      setOpen(true);
      return;
    }
    // Already open (by the pointer): antd focuses only on opening.
    const menu = document.getElementById(menuId);
    if (menu) firstItemOf(menu)?.focus();
  }

  const trigger = cloneElement(children, {
    ref: triggerRef,
    'aria-haspopup': 'menu',
    'aria-expanded': isOpen,
    'aria-controls': isOpen ? menuId : undefined,
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      children.props.onKeyDown?.(event);
      if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
      event.preventDefault();
      openFromKeyboard();
    },
    onClick: (event: MouseEvent<HTMLElement>) => {
      children.props.onClick?.(event);
      // A click without a pointer (detail 0) is Enter or Space on the button.
      if (event.detail === 0 && !isOpen) setFocusesMenu(true);
    },
  });

  return (
    <Dropdown
      trigger={['click']}
      placement={placement}
      open={isOpen}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setFocusesMenu(false);
      }}
      autoFocus={focusesMenu}
      menu={{
        id: menuId,
        items,
        onClick: ({ key, domEvent }) => {
          // Chosen with Enter, the key would go on to the button focused below (its keypress) and
          // click it, opening the menu again over the dialog the item opens.
          domEvent.preventDefault();
          triggerRef.current?.focus();
          onSelect(key);
        },
      }}
    >
      {trigger}
    </Dropdown>
  );
}
