import { useEffect } from 'react';
import { ApiError } from '../lib/api';
import { type Translate, useI18n } from '../lib/i18n';
import styles from './notice.module.css';

/** A failed call in the player's words: known codes translated, otherwise the server's own message. */
export function errorText(error: unknown, t: Translate): string {
  if (error instanceof ApiError) {
    if (error.isNetwork) return t('errorNetworkShort');
    if (error.code === 'INSUFFICIENT_FUNDS') return t('amountAboveBalance');
    if (error.code === 'RATE_LIMITED' || error.status === 429) return t('errorTooFast');
    return error.message || t('errorGeneric');
  }
  return t('errorGeneric');
}

/** The frame's error toast, read out once by screen readers, gone after a few seconds. */
export function Notice({ error, onDismiss }: { error: unknown; onDismiss: () => void }) {
  const { t } = useI18n();
  useEffect(() => {
    if (!error) return;
    const timer = setTimeout(onDismiss, 6000);
    return () => clearTimeout(timer);
  }, [error, onDismiss]);
  return (
    <div className={styles.area} role="alert">
      {error ? (
        <div className={styles.notice}>
          <span>{errorText(error, t)}</span>
          <button type="button" className={styles.close} onClick={onDismiss} aria-label={t('close')}>
            ×
          </button>
        </div>
      ) : null}
    </div>
  );
}
