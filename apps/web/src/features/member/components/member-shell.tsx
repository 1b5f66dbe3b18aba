import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { Icon, type IconName } from '../../../components/ui/icon';
import { type MemberMenuEntry, type MemberMenuKey, memberCentrePaths } from '../member-menu';
import styles from './member.module.css';

/** The member centre menu's icons, from the one icon set. */
const memberIcons: Record<MemberMenuKey, IconName> = {
  security: 'shield',
  walletTransfer: 'walletTransfer',
  deposit: 'deposit',
  withdraw: 'withdraw',
  transferToUpline: 'transferToUpline',
  bettingRecord: 'bettingRecord',
  accountRecord: 'accountRecord',
  profitLoss: 'profitLoss',
  bonus: 'gift',
  messages: 'messages',
  favorites: 'FAV',
  recent: 'RECENT',
};

type Props = {
  entries: MemberMenuEntry[];
  /** Unread internal messages: a badge on the messages entry. */
  unread: number;
  /** True on /member itself: phones show the menu as the page; wide screens show it beside. */
  isHome: boolean;
  children: ReactNode;
};

/**
 * The member centre: a menu of its pages and the open page. On a phone it is a list, then the page
 * with a way back to the list; on a wide screen the menu stays on the left.
 */
export function MemberShell({ entries, unread, isHome, children }: Props) {
  const { t } = useTranslation();
  return (
    <div className={styles.centre}>
      <nav className={styles.sideMenu} aria-label={t('member.centre')}>
        <p className={styles.sideTitle}>{t('member.centre')}</p>
        <MemberMenuList entries={entries} unread={unread} compact />
      </nav>
      <div className={styles.content}>
        {!isHome && (
          <Link to={memberCentrePaths.home} className={styles.back}>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path d="M14.5 6l-6 6 6 6" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
            {t('member.centre')}
          </Link>
        )}
        {children}
      </div>
    </div>
  );
}

/** The menu's entries: on /member as big rows (phones), beside the page as a compact list. */
export function MemberMenuList({
  entries,
  unread,
  compact = false,
}: {
  entries: MemberMenuEntry[];
  unread: number;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const groups = ['money', 'games', 'records', 'account'] as const;
  return (
    <div className={compact ? styles.menuCompact : styles.menu}>
      {groups.map((group) => {
        const items = entries.filter((e) => e.group === group);
        if (items.length === 0) return null;
        return (
          <section key={group} className={styles.menuGroup} aria-label={t(`member.groups.${group}`)}>
            {!compact && <h2 className={styles.groupTitle}>{t(`member.groups.${group}`)}</h2>}
            <ul className={styles.menuList}>
              {items.map((entry) => (
                <li key={entry.key}>
                  <NavLink
                    to={entry.to}
                    className={({ isActive }) => [styles.menuItem, isActive ? styles.active : ''].join(' ')}
                  >
                    <span className={styles.menuIcon}>
                      <Icon name={memberIcons[entry.key]} size={22} />
                    </span>
                    <span className={styles.menuLabel}>{t(`member.menu.${entry.key}`)}</span>
                    {entry.key === 'messages' && unread > 0 && (
                      <span className={styles.badge}>
                        <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
                        <span className="visually-hidden">
                          {t('member.messages.unreadCount', { count: unread })}
                        </span>
                      </span>
                    )}
                    {!compact && (
                      <svg
                        className={styles.chevron}
                        viewBox="0 0 24 24"
                        width="18"
                        height="18"
                        aria-hidden="true"
                      >
                        <path d="M9.5 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" />
                      </svg>
                    )}
                  </NavLink>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

/** A member page's heading and lead, the same on every page. */
export function MemberPageHeader({
  title,
  lead,
  actions,
}: {
  title: string;
  lead?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <header className={styles.pageHeader}>
      <div>
        <h1 className={styles.pageTitle}>{title}</h1>
        {lead && <p className={styles.pageLead}>{lead}</p>}
      </div>
      {actions && <div className={styles.pageActions}>{actions}</div>}
    </header>
  );
}
