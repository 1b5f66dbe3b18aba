import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Drawer } from '../../../components/ui/drawer';
import { Icon, isIconName } from '../../../components/ui/icon';
import { QrCode } from '../../../components/ui/qr-code';
import { storedInterfaceLanguage } from '../../../lib/i18n';
import { useLeftMenuBanner } from '../api/left-menu-banner';
import { appDownloadPath, bannerTarget } from '../side-menu-rules';
import styles from './side-menu.module.css';

export type SideMenuEntry = { key: string; label: string; to: string };

type Props = {
  /** Desktop: a left rail beside the page. Phone: a drawer over it. */
  variant: 'rail' | 'drawer';
  /** The game centre: the menu's entries, labels already translated. */
  entries: SideMenuEntry[];
  activeKey: string | null;
  /** The bonus entry's target (the menu's bonus target). */
  bonusTo: string;
  /**
   * Where "invite friends" leads, or nothing when this visitor has no way to invite: only agents
   * have invitation links (the agent centre's links page); there is no referral programme for
   * other members, so the entry is left out rather than leading to a page that does not exist.
   */
  invitePath?: string | undefined;
  open?: boolean;
  onClose?: () => void;
  collapsed?: boolean;
  onToggleCollapsed?: () => void;
};

/**
 * The collapsible side menu (spec section 2): bonus, invite friends (agents), the game centre, the merchant's
 * banner and app download QR codes for iOS and Android. On wide screens a rail that folds to icons;
 * on phones a drawer opened from the header's menu button.
 */
export function SideMenu(props: Props) {
  const { t } = useTranslation();
  if (props.variant === 'drawer') {
    return (
      <Drawer open={Boolean(props.open)} onClose={() => props.onClose?.()} label={t('sideMenu.label')}>
        <SideMenuContent {...props} collapsed={false} />
      </Drawer>
    );
  }
  return (
    <aside
      className={[styles.rail, props.collapsed ? styles.collapsed : ''].join(' ')}
      aria-label={t('sideMenu.label')}
    >
      <SideMenuContent {...props} />
    </aside>
  );
}

function SideMenuContent({
  variant,
  entries,
  activeKey,
  bonusTo,
  invitePath,
  onClose,
  collapsed = false,
  onToggleCollapsed,
}: Props) {
  const { t } = useTranslation();
  const banner = useLeftMenuBanner().data ?? null;
  const isDrawer = variant === 'drawer';
  // Following a link inside the drawer closes it, so the page chosen is what the person sees.
  const afterChoice = () => {
    if (isDrawer) onClose?.();
  };
  const language = storedInterfaceLanguage();
  // Both codes lead to the app download page (the lite app installs on either phone; the page also
  // lists the merchant's store apps), told which phone to put first.
  const apps = (
    [
      { os: 'ios', icon: 'apple', name: 'iOS' },
      { os: 'android', icon: 'android', name: 'Android' },
    ] as const
  ).map((app) => ({ ...app, to: appDownloadPath(app.os, language) }));
  const target = banner ? bannerTarget(banner) : null;

  return (
    <div className={styles.content}>
      <div className={styles.head}>
        {isDrawer ? (
          <>
            <span className={styles.brand}>
              <svg viewBox="0 0 64 64" width="28" height="28" aria-hidden="true">
                <circle cx="32" cy="32" r="20" fill="none" stroke="var(--color-primary)" strokeWidth="6" />
                <circle cx="32" cy="32" r="7" fill="var(--color-accent)" />
              </svg>
              {t('brand')}
            </span>
            <button
              type="button"
              className={styles.iconButton}
              onClick={onClose}
              aria-label={t('sideMenu.close')}
            >
              <Icon name="close" size={22} />
            </button>
          </>
        ) : (
          <button
            type="button"
            className={styles.iconButton}
            onClick={onToggleCollapsed}
            aria-expanded={!collapsed}
            aria-label={collapsed ? t('sideMenu.expand') : t('sideMenu.collapse')}
            title={collapsed ? t('sideMenu.expand') : t('sideMenu.collapse')}
          >
            <Icon name={collapsed ? 'expand' : 'collapse'} size={22} />
          </button>
        )}
      </div>

      <div className={styles.featured}>
        <Link
          to={bonusTo}
          className={[styles.feature, styles.bonus].join(' ')}
          onClick={afterChoice}
          title={collapsed ? t('sideMenu.bonus') : undefined}
        >
          <Icon name="gift" size={22} />
          <span className={styles.label}>{t('sideMenu.bonus')}</span>
        </Link>
        {invitePath && (
          <Link
            to={invitePath}
            className={[styles.feature, styles.invite].join(' ')}
            onClick={afterChoice}
            title={collapsed ? t('sideMenu.invite') : undefined}
          >
            <Icon name="invite" size={22} />
            <span className={styles.label}>{t('sideMenu.invite')}</span>
          </Link>
        )}
      </div>

      <nav aria-label={t('sideMenu.gameCentre')} className={styles.section}>
        <h2 className={styles.sectionTitle}>{t('sideMenu.gameCentre')}</h2>
        <ul className={styles.list}>
          {entries.map((entry) => {
            const isActive = entry.key === activeKey;
            return (
              <li key={entry.key}>
                <Link
                  to={entry.to}
                  className={styles.entry}
                  aria-current={isActive ? 'page' : undefined}
                  onClick={afterChoice}
                  title={collapsed ? entry.label : undefined}
                >
                  <Icon name={isIconName(entry.key) ? entry.key : 'HOME'} size={20} />
                  <span className={styles.label}>{entry.label}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      {banner && !collapsed && (
        <div className={styles.banner}>
          {target?.kind === 'route' ? (
            <Link to={target.to} onClick={afterChoice} aria-label={t('sideMenu.bannerLink')}>
              <img src={banner.url} alt="" loading="lazy" />
            </Link>
          ) : target?.kind === 'url' ? (
            <a
              href={target.href}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t('sideMenu.bannerLink')}
            >
              <img src={banner.url} alt="" loading="lazy" />
            </a>
          ) : (
            <img src={banner.url} alt="" loading="lazy" />
          )}
        </div>
      )}

      {collapsed ? (
        <div className={styles.section}>
          <button
            type="button"
            className={styles.entry}
            onClick={onToggleCollapsed}
            title={t('sideMenu.appDownload')}
            aria-label={t('sideMenu.appDownload')}
          >
            <Icon name="download" size={20} />
          </button>
        </div>
      ) : (
        <section className={styles.apps} aria-labelledby={`${variant}-apps-title`}>
          <h2 id={`${variant}-apps-title`} className={styles.appsTitle}>
            <Icon name="download" size={18} className={styles.appsIcon} />
            {t('sideMenu.appDownload')}
          </h2>
          <p className={styles.appsHint}>{t('sideMenu.appHint')}</p>
          <ul className={styles.qrList}>
            {apps.map((app) => (
              <li key={app.os}>
                <Link className={styles.qr} to={app.to} onClick={afterChoice}>
                  <QrCode
                    value={`${window.location.origin}${app.to}`}
                    size={104}
                    label={t('sideMenu.qrFor', { platform: app.name })}
                    className={styles.qrImage}
                  />
                  <span className={styles.platform}>
                    <Icon name={app.icon} size={16} />
                    {app.name}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
