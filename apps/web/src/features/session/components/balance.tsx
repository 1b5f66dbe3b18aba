import { PLAY_MONEY_TOP_UP_TO_MINOR } from '@sorte/shared/currency';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icon';
import { newRequestId } from '../../../lib/request-id';
import { useApi } from '../../../lib/use-api';
import { useHiddenBalance } from '../../../lib/use-hidden-balance';
import { formatBalance, hiddenBalance } from '../format-balance';
import { useSession } from '../hooks/use-session';
import styles from './session.module.css';

/**
 * The member's cash balance with refresh and hide/show (spec sections 1 and 2). A free-play member's
 * balance is play money (DECISIONS.md "trial (free play) accounts"): marked so, with a button that
 * tops it up again (back to 1,000.00, never past it), since it cannot be deposited.
 */
export function Balance() {
  const { t, i18n } = useTranslation();
  const { member, refreshMember, isRefreshingMember } = useSession();
  const [hidden, toggle] = useHiddenBalance();
  const isPlayMoney = Boolean(member?.isTrial);

  const amount = member
    ? formatBalance(member.balance, member.currency, member.currencySymbol, i18n.language)
    : null;

  return (
    <div className={[styles.balance, isPlayMoney ? styles.playMoneyBalance : ''].join(' ')}>
      <span className={styles.balanceText}>
        {isPlayMoney ? (
          <span className={styles.playMoneyBadge} data-testid="play-money-badge">
            {t('trial.playMoney')}
          </span>
        ) : (
          <span className="visually-hidden">{t('header.balance')}</span>
        )}
        <span className={styles.amount} data-testid="balance">
          {amount === null ? '…' : hidden ? `${member?.currencySymbol ?? ''} ${hiddenBalance}` : amount}
        </span>
      </span>
      <button
        type="button"
        className={styles.iconButton}
        onClick={toggle}
        aria-pressed={hidden}
        aria-label={hidden ? t('header.showBalance') : t('header.hideBalance')}
        title={hidden ? t('header.showBalance') : t('header.hideBalance')}
      >
        <Icon name={hidden ? 'eyeOff' : 'eye'} size={18} />
      </button>
      <button
        type="button"
        className={[styles.iconButton, isRefreshingMember ? styles.spinning : ''].join(' ')}
        onClick={() => void refreshMember()}
        aria-label={t('header.refreshBalance')}
        title={t('header.refreshBalance')}
        aria-busy={isRefreshingMember || undefined}
      >
        <Icon name="refresh" size={18} />
      </button>
      {member && isPlayMoney && (
        <TopUpPlayMoney
          balance={member.balance}
          topUpTo={formatBalance(
            PLAY_MONEY_TOP_UP_TO_MINOR,
            member.currency,
            member.currencySymbol,
            i18n.language,
          )}
          onDone={refreshMember}
        />
      )}
    </div>
  );
}

/**
 * Tops play money up to PLAY_MONEY_TOP_UP_TO_MINOR (the server adds the difference, once per request
 * id); then the balance is read again. Nothing to add while the balance is at or above it.
 */
function TopUpPlayMoney({
  balance,
  topUpTo,
  onDone,
}: {
  balance: number;
  /** The top-up amount as shown ("FUN 1,000.00"). */
  topUpTo: string;
  onDone: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const isFull = balance >= PLAY_MONEY_TOP_UP_TO_MINOR;
  const label = t(isFull ? 'trial.playMoneyFull' : 'trial.topUp', { amount: topUpTo });
  const topUp = async () => {
    if (busy || isFull) return;
    setBusy(true);
    try {
      await api('/wps/v2/wallets/playMoney/topUp', { method: 'POST', body: { requestId: newRequestId() } });
    } finally {
      await onDone();
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className={[styles.iconButton, styles.topUp, busy ? styles.spinning : ''].join(' ')}
      onClick={() => void topUp()}
      disabled={isFull}
      aria-label={label}
      title={label}
      aria-busy={busy || undefined}
    >
      <Icon name={busy ? 'refresh' : 'deposit'} size={18} />
    </button>
  );
}
