import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './toast.module.css';

export type Toast = { id: number; message: string; tone: 'info' | 'success' | 'danger' };

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const publish = () => {
  for (const listener of listeners) listener();
};

/** How long a toast stays (long enough to read a Bengali sentence on a phone). */
export const toastMs = 5000;

/** Shows a short note at the bottom of the screen, e.g. "Deposit credited", from anywhere. */
export function showToast(message: string, tone: Toast['tone'] = 'info'): void {
  const toast = { id: nextId++, message, tone };
  toasts = [...toasts.slice(-1), toast];
  publish();
  setTimeout(() => dismissToast(toast.id), toastMs);
}

export function dismissToast(id: number): void {
  const next = toasts.filter((t) => t.id !== id);
  if (next.length === toasts.length) return;
  toasts = next;
  publish();
}

/** Clears every toast at once (the test setup, between tests: the list outlives a render). */
export function dismissAllToasts(): void {
  if (toasts.length === 0) return;
  toasts = [];
  publish();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => toasts;

/** Where toasts appear: a polite live region, so screen readers read them once. Mount it once. */
export function Toaster() {
  const { t } = useTranslation();
  const list = useSyncExternalStore(subscribe, snapshot, snapshot);
  return (
    <div className={styles.region} role="status" aria-live="polite" data-toaster="">
      {list.map((toast) => (
        <div key={toast.id} className={[styles.toast, styles[toast.tone]].join(' ')}>
          <span>{toast.message}</span>
          <button
            type="button"
            className={styles.close}
            onClick={() => dismissToast(toast.id)}
            aria-label={t('close')}
          >
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
              <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" />
            </svg>
          </button>
        </div>
      ))}
    </div>
  );
}
