import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { memberPaths } from '../member-paths';
import styles from './session.module.css';
import { useRequireRealAccount } from './trial-prompt';

/** Deposit and withdraw: real-money actions, so trial members get the register prompt instead. */
export function WalletActions() {
  const { t } = useTranslation();
  const requireRealAccount = useRequireRealAccount();
  const guard = (event: MouseEvent) => {
    if (!requireRealAccount()) event.preventDefault();
  };
  return (
    <>
      <Link
        to={memberPaths.deposit}
        className={[styles.walletButton, styles.deposit].join(' ')}
        onClick={guard}
      >
        {t('header.deposit')}
      </Link>
      <Link to={memberPaths.withdraw} className={styles.walletButton} onClick={guard}>
        {t('header.withdraw')}
      </Link>
    </>
  );
}
