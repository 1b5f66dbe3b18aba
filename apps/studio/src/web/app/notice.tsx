import { useEffect } from 'react';
import { ApiError } from '../lib/api';
import { type MessageKey, type Translate, useI18n } from '../lib/i18n';
import styles from './notice.module.css';

/** A failed call in the player's words: known codes translated, otherwise the server's own message. */
const codeKeys: Readonly<Record<string, MessageKey>> = {
  INSUFFICIENT_FUNDS: 'amountAboveBalance',
  RATE_LIMITED: 'errorTooFast',
  BET_LIMIT: 'code.BET_LIMIT',
  MAX_WIN_EXCEEDED: 'code.MAX_WIN_EXCEEDED',
  BET_NOT_CONFIRMED: 'code.BET_NOT_CONFIRMED',
  BET_REFUSED: 'code.BET_REFUSED',
  PLAYER_BLOCKED: 'code.PLAYER_BLOCKED',
  WALLET_UNAVAILABLE: 'code.WALLET_UNAVAILABLE',
  INVALID_TARGET: 'code.INVALID_TARGET',
  MINES_ROUND_OPEN: 'code.MINES_ROUND_OPEN',
  ROUND_IN_PLAY: 'code.ROUND_IN_PLAY',
  TILE_REVEALED: 'code.TILE_REVEALED',
  ROUND_CHANGED: 'code.TILE_REVEALED',
  ROUND_OVER: 'code.ROUND_OVER',
  ROUND_NOT_FOUND: 'code.ROUND_OVER',
  NO_PICKS: 'code.NO_PICKS',
  BETTING_CLOSED: 'code.BETTING_CLOSED',
  ALREADY_BET: 'code.ALREADY_BET',
  TOO_LATE: 'code.TOO_LATE',
  NO_BET: 'code.NO_CASHOUT',
  NOT_RUNNING: 'code.NO_CASHOUT',
  ALREADY_CASHED_OUT: 'code.NO_CASHOUT',
  INVALID_AUTO_CASHOUT: 'crashAutoInvalid',
  INVALID_CLIENT_SEED: 'clientSeedInvalid',
  REQUEST_IN_PROGRESS: 'code.REQUEST_IN_PROGRESS',
  NETWORK: 'errorNetworkShort',
};

/**
 * A failed call in the player's words. The studio's messages are English for logs; the frame
 * translates by code, and falls back to a generic sentence rather than show English to a Bengali
 * player.
 */
export function errorText(error: unknown, t: Translate): string {
  if (error instanceof ApiError) {
    if (error.isNetwork) return t('errorNetworkShort');
    const key = codeKeys[error.code];
    if (key) return t(key);
    if (error.status === 429) return t('errorTooFast');
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
