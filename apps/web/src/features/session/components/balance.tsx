import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readStored, storageKeys, writeStored } from '../../../lib/storage-keys';
import { formatBalance, hiddenBalance } from '../format-balance';
import { useSession } from '../hooks/use-session';
import styles from './session.module.css';

/** The member's cash balance with refresh and hide/show (spec sections 1 and 2). */
export function Balance() {
  const { t, i18n } = useTranslation();
  const { member, refreshMember, isRefreshingMember } = useSession();
  const [hidden, setHidden] = useState(() => readStored(localStorage, storageKeys.hideBalance) === '1');

  // Another balance on the page (the member centre's card) or another tab hid or showed it too.
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

  const amount = member
    ? formatBalance(member.balance, member.currency, member.currencySymbol, i18n.language)
    : null;

  return (
    <div className={styles.balance}>
      <span className="visually-hidden">{t('header.balance')}</span>
      <span className={styles.amount} data-testid="balance">
        {amount === null ? '…' : hidden ? `${member?.currencySymbol ?? ''} ${hiddenBalance}` : amount}
      </span>
      <button
        type="button"
        className={styles.iconButton}
        onClick={toggle}
        aria-pressed={hidden}
        aria-label={hidden ? t('header.showBalance') : t('header.hideBalance')}
        title={hidden ? t('header.showBalance') : t('header.hideBalance')}
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
        className={[styles.iconButton, isRefreshingMember ? styles.spinning : ''].join(' ')}
        onClick={() => void refreshMember()}
        aria-label={t('header.refreshBalance')}
        title={t('header.refreshBalance')}
        aria-busy={isRefreshingMember || undefined}
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
  );
}
