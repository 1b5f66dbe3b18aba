import type { ReactNode } from 'react';
import styles from './status-pill.module.css';

export type StatusTone = 'info' | 'success' | 'warning' | 'danger' | 'neutral';

/** A short coloured state label ("Pending", "Paid"); the words carry the meaning, not the colour. */
export function StatusPill({ tone, children }: { tone: StatusTone; children: ReactNode }) {
  return <span className={[styles.pill, styles[tone]].join(' ')}>{children}</span>;
}
