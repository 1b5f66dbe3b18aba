import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Icon } from '../../components/ui/icon';
import { useAuthDialogs } from '../../features/auth/auth-dialogs-context';
import { LanguagePicker } from '../../features/preferences/language-picker';
import { ThemeToggle } from '../../features/preferences/theme-toggle';
import { RealtimeBridge } from '../../features/realtime/components/realtime-bridge';
import { RegionPicker } from '../../features/region/components/region-picker';
import { memberInfoQueryKey } from '../../features/session/api/member-info';
import { AccountMenu } from '../../features/session/components/account-menu';
import { Balance } from '../../features/session/components/balance';
import { WalletActions } from '../../features/session/components/wallet-actions';
import { useSession } from '../../features/session/hooks/use-session';
import styles from './player-layout.module.css';

type Props = {
  /** Opens the side menu drawer (phones); no menu button when absent (game pages, wide screens). */
  onOpenMenu?: (() => void) | undefined;
  menuOpen?: boolean;
};

/**
 * The player header (spec section 2): guests get Login and Register; members get the balance,
 * Deposit, Withdraw and the account menu; everyone gets the region flag, the language and the theme.
 * On a phone the wallet moves to a second row so nothing is squeezed, the account menu collapses to
 * an avatar, and a menu button opens the side menu.
 */
export function SiteHeader({ onOpenMenu, menuOpen = false }: Props) {
  const { t } = useTranslation();
  const { isLoggedIn, token, member } = useSession();
  const dialogs = useAuthDialogs();
  return (
    <header className={[styles.header, isLoggedIn ? styles.memberHeader : ''].join(' ')}>
      <div className={styles.start}>
        {onOpenMenu && (
          <button
            type="button"
            className={styles.menuButton}
            onClick={onOpenMenu}
            aria-label={t('sideMenu.open')}
            aria-expanded={menuOpen}
            aria-haspopup="dialog"
          >
            <Icon name="menu" size={24} />
          </button>
        )}
        {/* Named by its visible brand and a hidden 'Home' (WCAG 2.5.3, label in name: no aria-label
            that leaves out the brand a speech-input user sees). */}
        <Link to="/" className={styles.brand}>
          <svg viewBox="0 0 64 64" width="30" height="30" aria-hidden="true">
            <circle cx="32" cy="32" r="20" fill="none" stroke="var(--color-primary)" strokeWidth="6" />
            <circle cx="32" cy="32" r="7" fill="var(--color-accent)" />
          </svg>
          <span className={styles.brandName}>{t('brand')}</span>{' '}
          <span className="visually-hidden">{t('nav.home')}</span>
        </Link>
      </div>
      {/* The socket event listener (spec section 2): logged-in members only; a free-play member's
          play balance follows it too. */}
      {token && member && <RealtimeBridge token={token} memberInfoKey={memberInfoQueryKey(token)} />}
      {isLoggedIn && (
        <div className={styles.wallet}>
          <Balance />
          <WalletActions />
        </div>
      )}
      <div className={styles.actions}>
        <RegionPicker />
        <LanguagePicker />
        <ThemeToggle className={styles.themeButton} />
        {isLoggedIn ? (
          <AccountMenu onChangePassword={dialogs.openChangePassword} />
        ) : (
          <>
            <Button variant="secondary" size="sm" className={styles.authButton} onClick={dialogs.openLogin}>
              {t('header.login')}
            </Button>
            <Button size="sm" className={styles.authButton} onClick={dialogs.openRegister}>
              {t('header.register')}
            </Button>
          </>
        )}
      </div>
    </header>
  );
}
