import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Spinner } from '../../components/ui/spinner';
import { useAuthDialogs } from '../../features/auth/auth-dialogs-context';
import { MemberShell } from '../../features/member/components/member-shell';
import { visibleMemberMenu } from '../../features/member/member-menu';
import { useUnreadCount } from '../../features/messages/api/messages';
import { useRequireRealAccount } from '../../features/session/components/trial-prompt';
import { useSession } from '../../features/session/hooks/use-session';
import { useMerchantWallet } from '../../features/wallet/api/wallet';
import styles from './member-pages.module.css';

/**
 * /member and its pages (spec section 2, member centre). Guests are asked to log in; trial members
 * get the "Register an account first" prompt instead (spec section 4: no account pages for them).
 */
export default function MemberCentreLayout() {
  const { t } = useTranslation();
  const { isLoggedIn, isTrial, member, isLoadingMember } = useSession();
  const dialogs = useAuthDialogs();
  const requireRealAccount = useRequireRealAccount();
  const { pathname } = useLocation();
  const isMember = isLoggedIn && Boolean(member) && !isTrial;
  const wallet = useMerchantWallet(isMember);
  const unread = useUnreadCount(isMember);

  // A trial member who lands here (a link, the address bar) sees the prompt at once.
  useEffect(() => {
    if (isLoggedIn && member?.isTrial) requireRealAccount();
  }, [isLoggedIn, member?.isTrial, requireRealAccount]);

  if (!isLoggedIn)
    return (
      <div className={styles.gate}>
        <EmptyState
          icon="lock"
          title={t('errors:UNAUTHORIZED')}
          body={t('member.gate.loginBody')}
          action={<Button onClick={dialogs.openLogin}>{t('header.login')}</Button>}
        />
      </div>
    );
  if (isLoadingMember || !member) return <Spinner label={t('loading')} />;
  if (isTrial)
    return (
      <div className={styles.gate}>
        <EmptyState
          icon="lock"
          title={t('errors:TRIAL_NOT_ALLOWED')}
          body={t('member.gate.trialBody')}
          action={<Button onClick={() => requireRealAccount()}>{t('trial.register')}</Button>}
        />
      </div>
    );

  const entries = visibleMemberMenu({ isSingleWallet: wallet.data?.isSingle });
  const isHome = pathname.replace(/\/+$/, '') === '/member';
  return (
    <MemberShell entries={entries} unread={unread.data?.count ?? member.unreadMessage} isHome={isHome}>
      <Outlet />
    </MemberShell>
  );
}
