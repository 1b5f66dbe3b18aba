import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icon';
import { useHiddenBalance } from '../../../lib/use-hidden-balance';
import { formatBalance, hiddenBalance } from '../format-balance';
import { useSession } from '../hooks/use-session';
import styles from './session.module.css';

/** The member's cash balance with refresh and hide/show (spec sections 1 and 2). */
export function Balance() {
  const { t, i18n } = useTranslation();
  const { member, refreshMember, isRefreshingMember } = useSession();
  const [hidden, toggle] = useHiddenBalance();

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
    </div>
  );
}
