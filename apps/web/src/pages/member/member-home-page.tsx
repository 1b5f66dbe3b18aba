import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MemberMenuList, MemberPageHeader } from '../../features/member/components/member-shell';
import { memberCentrePaths, visibleMemberMenu } from '../../features/member/member-menu';
import { useUnreadCount } from '../../features/messages/api/messages';
import { useSession } from '../../features/session/hooks/use-session';
import { useMerchantWallet } from '../../features/wallet/api/wallet';
import { BalanceCard } from '../../features/wallet/components/balance-card';
import styles from './member-pages.module.css';

/** /member: the balance, deposit and withdraw at hand, and the centre's pages as a list (phones). */
export default function MemberHomePage() {
  const { t } = useTranslation();
  const { member } = useSession();
  const wallet = useMerchantWallet();
  const unread = useUnreadCount(true);
  return (
    <>
      <MemberPageHeader
        title={t('member.centre')}
        lead={t('member.hello', { name: member?.nickname ?? '' })}
      />
      <BalanceCard
        actions={
          <>
            <Link to={memberCentrePaths.deposit} className={[styles.action, styles.primary].join(' ')}>
              {t('header.deposit')}
            </Link>
            <Link to={memberCentrePaths.withdraw} className={styles.action}>
              {t('header.withdraw')}
            </Link>
          </>
        }
      />
      <div className={styles.homeMenu}>
        <MemberMenuList
          entries={visibleMemberMenu({ isSingleWallet: wallet.data?.isSingle })}
          unread={unread.data?.count ?? member?.unreadMessage ?? 0}
        />
      </div>
    </>
  );
}
