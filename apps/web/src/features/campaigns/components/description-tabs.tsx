import { type KeyboardEvent, type ReactNode, useRef, useState } from 'react';

type DescriptionTab = { key: string; label: ReactNode; panel: ReactNode };

type DescriptionTabsProps = { id: string; label: string; tabs: readonly DescriptionTab[] };

// Arrow keys walk the tabs (wrapping); Home and End jump to the first and last.
const STEPS: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * A description per language, one tab each (WAI-ARIA tabs, automatic activation). Every panel stays
 * rendered so the form checks all of them; only the active one shows. Unlike Ant Design's tabs, the
 * panel is no tab stop of its own (Tab goes from the tab straight to the field, where typing lands),
 * and the tabs wrap on a narrow screen instead of hiding behind an overflow button inside the tablist.
 */
export function DescriptionTabs({ id, label, tabs }: DescriptionTabsProps) {
  const [active, setActive] = useState(tabs[0]?.key);
  const buttons = useRef(new Map<string, HTMLButtonElement>());

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.key === active);
    let next: number | undefined;
    if (event.key in STEPS) next = (index + (STEPS[event.key] ?? 0) + tabs.length) % tabs.length;
    if (event.key === 'Home') next = 0;
    if (event.key === 'End') next = tabs.length - 1;
    const tab = next === undefined ? undefined : tabs[next];
    if (!tab) return;
    event.preventDefault();
    setActive(tab.key);
    buttons.current.get(tab.key)?.focus();
  }

  return (
    <div className="description-tabs">
      <div role="tablist" aria-label={label} className="description-tabs-list" onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.key}
            ref={(element) => {
              if (element) buttons.current.set(tab.key, element);
              else buttons.current.delete(tab.key);
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${tab.key}`}
            aria-selected={tab.key === active}
            aria-controls={`${id}-panel-${tab.key}`}
            tabIndex={tab.key === active ? 0 : -1}
            className="description-tab"
            onClick={() => setActive(tab.key)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.key}
          role="tabpanel"
          id={`${id}-panel-${tab.key}`}
          aria-labelledby={`${id}-tab-${tab.key}`}
          hidden={tab.key !== active}
          className="description-tab-panel"
        >
          {tab.panel}
        </div>
      ))}
    </div>
  );
}
