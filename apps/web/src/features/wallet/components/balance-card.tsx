import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icon';
import { Money } from '../../../components/ui/money';
import { Skeleton } from '../../../components/ui/skeleton';
import { useHiddenBalance } from '../../../lib/use-hidden-balance';
import { useWalletBalance } from '../api/wallet';
import styles from './wallet.module.css';

/**
 * The member's money at a glance: cash with refresh and hide/show (spec sections 1 and 2), the
 * bonus wallet and what withdrawals in progress hold. The live socket keeps it current.
 */
export function BalanceCard({ actions }: { actions?: ReactNode }) {
  const { t } = useTranslation();
  const balance = useWalletBalance();
  const [hidden, toggle] = useHiddenBalance();
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
            <Icon name={hidden ? 'eyeOff' : 'eye'} size={18} />
          </button>
          <button
            type="button"
            className={[styles.iconButton, balance.isFetching ? styles.spinning : ''].join(' ')}
            onClick={() => void balance.refetch()}
            aria-label={t('header.refreshBalance')}
            aria-busy={balance.isFetching || undefined}
          >
            <Icon name="refresh" size={18} />
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
