import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import styles from './tabs.module.css';

type Tab<T extends string> = { id: T; label: string };

type Props<T extends string> = {
  label: string;
  tabs: Tab<T>[];
  value: T;
  onChange: (id: T) => void;
  children: ReactNode;
};

/**
 * Segmented tabs (ARIA tabs pattern: arrows move between tabs). With a single tab there is nothing to
 * choose, so only the panel's content is shown.
 */
export function Tabs<T extends string>({ label, tabs, value, onChange, children }: Props<T>) {
  const baseId = useId();
  const list = useRef<HTMLDivElement>(null);
  const hasTabs = tabs.length > 1;

  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((tab) => tab.id === value);
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = tabs[(target + tabs.length) % tabs.length] as Tab<T>;
    onChange(next.id);
    list.current?.querySelector<HTMLElement>(`[data-tab="${next.id}"]`)?.focus();
  };

  // The panel is the same element with or without tabs, so fields keep their focus and what was typed
  // when the tabs appear (the merchant's settings arrive after the form is shown).
  return (
    <>
      {hasTabs && (
        <div ref={list} role="tablist" aria-label={label} className={styles.list} onKeyDown={onKeyDown}>
          {tabs.map((tab) => {
            const selected = tab.id === value;
            return (
              <button
                key={tab.id}
                type="button"
                role="tab"
                id={`${baseId}-${tab.id}`}
                data-tab={tab.id}
                aria-selected={selected}
                aria-controls={`${baseId}-panel`}
                tabIndex={selected ? 0 : -1}
                className={styles.tab}
                onClick={() => onChange(tab.id)}
              >
                {tab.label}
              </button>
            );
          })}
        </div>
      )}
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: labelled only when it is a tabpanel. */}
      <div
        role={hasTabs ? 'tabpanel' : undefined}
        id={`${baseId}-panel`}
        aria-labelledby={hasTabs ? `${baseId}-${value}` : undefined}
      >
        {children}
      </div>
    </>
  );
}
