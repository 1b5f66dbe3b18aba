import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { Button } from './button';
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

/**
 * A failed load: what could not be loaded, why in words a person understands, and a way to try
 * again. QueryState shows it; the lobby's own lists use it directly (it lives here, beside the
 * empty state, so the home page carries no extra module for it).
 */
export function LoadFailed({
  title,
  error,
  onRetry,
  busy = false,
  compact = false,
  action,
}: {
  title?: string | undefined;
  error: unknown;
  onRetry: () => void;
  busy?: boolean | undefined;
  compact?: boolean;
  action?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <EmptyState
      compact={compact}
      icon="error"
      role="alert"
      title={title ?? t('error.loadFailed')}
      body={failureText(error, t)}
      action={
        action ?? (
          <Button variant="secondary" size={compact ? 'sm' : 'md'} busy={busy} onClick={onRetry}>
            {t('error.retry')}
          </Button>
        )
      }
    />
  );
}

/**
 * Why it failed, in words a person understands and in their language: the server's own message
 * (it answers in the page's language), or what a lost connection or a fault of ours means for them.
 */
export function failureText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    if (error.status === 0 || error.code === 'NETWORK_ERROR' || error.code === 'BAD_RESPONSE')
      return t('error.offline');
    return error.message;
  }
  return t('error.unexpected');
}
