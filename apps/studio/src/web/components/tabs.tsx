import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import styles from './tabs.module.css';

type Tab = { id: string; label: string; content: ReactNode };

/** WAI-ARIA tabs: arrow keys move between tabs, only the open panel is in the page. */
export function Tabs({ tabs, label }: { tabs: readonly Tab[]; label: string }) {
  const [active, setActive] = useState(tabs[0]?.id ?? '');
  const base = useId();
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const onKey = (event: KeyboardEvent) => {
    const index = tabs.findIndex((tab) => tab.id === active);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = tabs[(index + step + tabs.length) % tabs.length];
    if (next) {
      setActive(next.id);
      refs.current[next.id]?.focus();
    }
  };
  const current = tabs.find((tab) => tab.id === active) ?? tabs[0];
  return (
    <section className={styles.tabs} aria-label={label}>
      <div className={styles.list} role="tablist" aria-label={label} onKeyDown={onKey}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            ref={(node) => {
              refs.current[tab.id] = node;
            }}
            type="button"
            role="tab"
            id={`${base}-${tab.id}-tab`}
            aria-selected={tab.id === current?.id}
            aria-controls={`${base}-${tab.id}-panel`}
            tabIndex={tab.id === current?.id ? 0 : -1}
            className={styles.tab}
            onClick={() => setActive(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {current ? (
        <div
          role="tabpanel"
          id={`${base}-${current.id}-panel`}
          aria-labelledby={`${base}-${current.id}-tab`}
          className={styles.panel}
        >
          {current.content}
        </div>
      ) : null}
    </section>
  );
}
