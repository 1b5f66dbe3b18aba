import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../components/ui/money';
import { Skeleton } from '../../../components/ui/skeleton';
import { readStored, storageKeys, writeStored } from '../../../lib/storage-keys';
import { useWalletBalance } from '../api/wallet';
import styles from './wallet.module.css';

/**
 * The member's money at a glance: cash with refresh and hide/show (spec sections 1 and 2), the
 * bonus wallet and what withdrawals in progress hold. The live socket keeps it current.
 */
export function BalanceCard({ actions }: { actions?: ReactNode }) {
  const { t } = useTranslation();
  const balance = useWalletBalance();
  const [hidden, setHidden] = useState(() => readStored(localStorage, storageKeys.hideBalance) === '1');
  // The header's balance (or another tab) hid or showed it: follow.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === storageKeys.hideBalance) setHidden(event.newValue === '1');
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  const toggle = () => {
    const next = hidden ? '0' : '1';
    writeStored(localStorage, storageKeys.hideBalance, next);
    setHidden(!hidden);
    window.dispatchEvent(new StorageEvent('storage', { key: storageKeys.hideBalance, newValue: next }));
  };
  const data = balance.data;
  return (
    <section className={styles.balanceCard} aria-labelledby="member-balance-title">
      <div className={styles.balanceTop}>
        <h2 id="member-balance-title" className={styles.balanceTitle}>
          {t('member.balance.title')}
        </h2>
        <div className={styles.balanceTools}>
          <button
            type="button"
            className={styles.iconButton}
            onClick={toggle}
            aria-pressed={hidden}
            aria-label={hidden ? t('header.showBalance') : t('header.hideBalance')}
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path
                d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
              />
              <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
              {hidden && <path d="M4 20L20 4" stroke="currentColor" strokeWidth="1.8" />}
            </svg>
          </button>
          <button
            type="button"
            className={[styles.iconButton, balance.isFetching ? styles.spinning : ''].join(' ')}
            onClick={() => void balance.refetch()}
            aria-label={t('header.refreshBalance')}
            aria-busy={balance.isFetching || undefined}
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path
                d="M20 12a8 8 0 1 1-2.34-5.66M20 4v4h-4"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </button>
        </div>
      </div>
      {balance.isError && !data ? (
        <p className={styles.balanceError} role="alert">
          {t('member.common.loadFailed')}{' '}
          <button type="button" className={styles.linkButton} onClick={() => void balance.refetch()}>
            {t('member.common.retry')}
          </button>
        </p>
      ) : (
        <>
          <p className={styles.balanceAmount} data-testid="member-balance">
            {data ? (
              <Money value={data.balance} currency={data.currency} hidden={hidden} />
            ) : (
              <Skeleton width={160} height={36} />
            )}
          </p>
          <dl className={styles.balanceFacts}>
            <div>
              <dt>{t('member.balance.bonus')}</dt>
              <dd>{data ? <Money value={data.bonus} currency={data.currency} hidden={hidden} /> : '…'}</dd>
            </div>
            <div>
              <dt>{t('member.balance.locked')}</dt>
              <dd>{data ? <Money value={data.locked} currency={data.currency} hidden={hidden} /> : '…'}</dd>
            </div>
          </dl>
        </>
      )}
      {actions && <div className={styles.balanceActions}>{actions}</div>}
    </section>
  );
}
