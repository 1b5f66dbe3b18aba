import type { ReactNode } from 'react';
import styles from './empty-state.module.css';

type Props = {
  title: string;
  body?: ReactNode;
  /** A button or link: what the person can do next (retry, log in, go back). */
  action?: ReactNode;
  icon?: 'games' | 'error' | 'lock' | 'search' | 'gift';
  /** 'alert' for a failure, so screen readers announce it. */
  role?: 'status' | 'alert';
  compact?: boolean;
};

const art: Record<NonNullable<Props['icon']>, ReactNode> = {
  games: (
    <>
      <rect x="10" y="14" width="100" height="56" rx="10" fill="var(--color-surface-raised)" />
      <circle cx="42" cy="42" r="9" fill="var(--tile-skyblue)" />
      <circle cx="62" cy="42" r="9" fill="var(--tile-green)" />
      <circle cx="82" cy="42" r="9" fill="var(--tile-purple)" />
    </>
  ),
  error: (
    <>
      <circle cx="60" cy="42" r="28" fill="var(--color-surface-raised)" />
      <path d="M60 28v18M60 54v2" stroke="var(--color-danger)" strokeWidth="6" strokeLinecap="round" />
    </>
  ),
  lock: (
    <>
      <rect x="38" y="36" width="44" height="34" rx="8" fill="var(--color-surface-raised)" />
      <path
        d="M48 36v-8a12 12 0 0 1 24 0v8"
        fill="none"
        stroke="var(--color-primary)"
        strokeWidth="6"
        strokeLinecap="round"
      />
      <circle cx="60" cy="53" r="5" fill="var(--color-primary)" />
    </>
  ),
  search: (
    <>
      <circle
        cx="55"
        cy="38"
        r="20"
        fill="var(--color-surface-raised)"
        stroke="var(--color-accent)"
        strokeWidth="6"
      />
      <path d="M70 53l14 14" stroke="var(--color-accent)" strokeWidth="7" strokeLinecap="round" />
    </>
  ),
  gift: (
    <>
      <rect x="34" y="32" width="52" height="38" rx="6" fill="var(--color-surface-raised)" />
      <path d="M60 32v38M34 46h52" stroke="var(--color-primary)" strokeWidth="6" />
      <path
        d="M60 32c-6-12-20-12-18-2 1 4 10 3 18 2zM60 32c6-12 20-12 18-2-1 4-10 3-18 2z"
        fill="var(--color-primary)"
      />
    </>
  ),
};

/** What a list shows when it has nothing to show, or failed to load: never a blank space. */
export function EmptyState({ title, body, action, icon = 'games', role = 'status', compact = false }: Props) {
  return (
    <div className={[styles.empty, compact && styles.compact].filter(Boolean).join(' ')} role={role}>
      <svg viewBox="0 0 120 80" width={compact ? 90 : 120} height={compact ? 60 : 80} aria-hidden="true">
        {art[icon]}
      </svg>
      <p className={styles.title}>{title}</p>
      {body && <p className={styles.body}>{body}</p>}
      {action && <div className={styles.action}>{action}</div>}
    </div>
  );
}
