import { type KeyboardEvent, type MouseEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../hooks/use-session';
import { memberPaths } from '../member-paths';
import styles from './session.module.css';
import { SignOutDialog } from './sign-out-dialog';
import { useRequireRealAccount } from './trial-prompt';

type Props = { onChangePassword: () => void };

/**
 * The account menu (spec section 2): records, messages, my account, agent centre (agents
 * only), change password and sign out. A menu button: arrows move, Escape closes and returns focus.
 */
export function AccountMenu({ onChangePassword }: Props) {
  const { t } = useTranslation();
  const { member, isAgent } = useSession();
  // Unread internal messages (kept live by the realtime feature through the member info).
  const unread = member && !member.isTrial ? member.unreadMessage : 0;
  const requireRealAccount = useRequireRealAccount();
  const [open, setOpen] = useState(false);
  const [confirmSignOut, setConfirmSignOut] = useState(false);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const wrap = useRef<HTMLDivElement>(null);

  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

  useEffect(() => {
    if (!open) return;
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!wrap.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const closeAndFocus = () => {
    setOpen(false);
    button.current?.focus();
  };

  const onMenuKey = (event: KeyboardEvent) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const go = (i: number) => {
      event.preventDefault();
      list[(i + list.length) % list.length]?.focus();
    };
    if (event.key === 'ArrowDown') go(index + 1);
    else if (event.key === 'ArrowUp') go(index - 1);
    else if (event.key === 'Home') go(0);
    else if (event.key === 'End') go(list.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      closeAndFocus();
    } else if (event.key === 'Tab') setOpen(false);
  };

  /** Account pages are closed to trial members: show the prompt instead of following the link. */
  const guarded = (event: MouseEvent) => {
    setOpen(false);
    if (!requireRealAccount()) event.preventDefault();
  };

  const links: { to: string; label: string; badge?: string | undefined }[] = [
    { to: memberPaths.bettingRecord, label: t('account.bettingRecord') },
    { to: memberPaths.accountRecord, label: t('account.accountRecord') },
    { to: memberPaths.profitLoss, label: t('account.profitLoss') },
    {
      to: memberPaths.messages,
      label: t('account.messages'),
      badge: unread > 0 ? t('account.unread', { count: unread }) : undefined,
    },
    { to: memberPaths.myAccount, label: t('account.myAccount') },
    ...(isAgent ? [{ to: memberPaths.agentCenter, label: t('account.agentCenter') }] : []),
  ];

  return (
    <div ref={wrap} className={styles.menuWrap}>
      <button
        ref={button}
        type="button"
        className={styles.menuButton}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        // Named 'Account menu' and the nickname it shows (WCAG 2.5.3, label in name): a speech-input
        // user says what they see.
        aria-labelledby={`${menuId}-label ${menuId}-nickname`}
        aria-describedby={unread > 0 ? `${menuId}-unread` : undefined}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {/* The initial is drawn by CSS (::before), as a picture of the member rather than text of the
            button: its text is the nickname alone, which its name holds (WCAG 2.5.3, label in name). */}
        <span
          className={styles.avatar}
          data-initial={(member?.nickname ?? '?').slice(0, 1).toUpperCase()}
          aria-hidden="true"
        />
        <span id={`${menuId}-label`} className="visually-hidden">
          {t('account.menu')}
        </span>
        <span id={`${menuId}-nickname`} className={styles.nickname}>
          {member?.nickname ?? '…'}
        </span>
        {unread > 0 && (
          <span className={styles.unreadBadge} data-testid="unread-badge">
            <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
            <span id={`${menuId}-unread`} className="visually-hidden">
              {t('account.unread', { count: unread })}
            </span>
          </span>
        )}
        <svg className={styles.chevron} viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      {open && (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-label={t('account.menu')}
          className={styles.menu}
          onKeyDown={onMenuKey}
        >
          <div className={styles.menuHeader} aria-hidden="true">
            <span className={styles.avatarLarge}>{(member?.nickname ?? '?').slice(0, 1).toUpperCase()}</span>
            <span>
              <strong>{member?.nickname}</strong>
              {member?.isTrial && <span className={styles.trialBadge}>{t('trial.badge')}</span>}
            </span>
          </div>
          {links.map((link) => (
            <Link
              key={link.to}
              role="menuitem"
              tabIndex={-1}
              className={styles.menuItem}
              to={link.to}
              onClick={guarded}
            >
              {link.label}
              {link.badge && (
                <span className={styles.menuBadge}>
                  <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
                  <span className="visually-hidden">{link.badge}</span>
                </span>
              )}
            </Link>
          ))}
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={styles.menuItem}
            onClick={() => {
              setOpen(false);
              if (requireRealAccount()) onChangePassword();
            }}
          >
            {t('account.changePassword')}
          </button>
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={[styles.menuItem, styles.signOut].join(' ')}
            onClick={() => {
              setOpen(false);
              setConfirmSignOut(true);
            }}
          >
            {t('account.signOut')}
          </button>
        </div>
      )}
      <SignOutDialog open={confirmSignOut} onClose={() => setConfirmSignOut(false)} />
    </div>
  );
}
