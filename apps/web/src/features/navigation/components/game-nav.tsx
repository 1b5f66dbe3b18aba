import {
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Icon } from '../../../components/ui/icon';
import { isLargeVendorMenu, type MenuEntry, vendorHref } from '../build-menu';
import { type MenuKey, useCurrentGameType } from '../current-game-type';
import styles from './game-nav.module.css';

type Props = { entries: MenuEntry[] };

/** Entries that stand for a page of their own, not a category with vendors. */
const hasVendorMenu = (entry: MenuEntry) =>
  entry.key !== 'HOME' && entry.key !== 'PROMOTIONS' && entry.vendors.length > 0;

/**
 * The header's game-type navigation (spec section 2): one entry per category of the menu, the
 * current one marked, and a vendor drop-down per category (a wide grid above 10 vendors). The
 * drop-down opens with its chevron (touch, keyboard) or on mouse hover; Escape, a click elsewhere
 * or a navigation closes it.
 */
export function GameNav({ entries }: Props) {
  const { t } = useTranslation();
  const { activeKey, vassalage } = useCurrentGameType();
  const location = useLocation();
  const panelId = useId();
  const root = useRef<HTMLElement>(null);
  const panel = useRef<HTMLElement>(null);
  const toggles = useRef(new Map<MenuKey, HTMLButtonElement>());
  const hoverTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // `pinned`: opened on purpose (chevron, keyboard), so the pointer leaving does not close it.
  const [open, setOpen] = useState<{ key: MenuKey; left: number; focus: boolean; pinned: boolean } | null>(
    null,
  );

  // A navigation (a vendor chosen, the back button) closes the drop-down.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address changing is the trigger.
  useEffect(() => setOpen(null), [location.pathname, location.search]);

  useEffect(() => {
    if (!open) return;
    if (open.focus) panel.current?.querySelector<HTMLElement>('ul a')?.focus();
    const onPointer = (event: globalThis.PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(null);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  useEffect(() => () => clearTimeout(hoverTimer.current), []);

  const show = (key: MenuKey, focus: boolean, pinned = true) => {
    const toggle = toggles.current.get(key);
    const item = toggle?.closest('li');
    const base = root.current?.getBoundingClientRect();
    const left = item && base ? item.getBoundingClientRect().left - base.left : 0;
    setOpen((current) =>
      // Hovering over a panel opened on purpose keeps it as it is.
      !pinned && current?.key === key && current.pinned
        ? current
        : { key, left: Math.max(0, left), focus, pinned },
    );
  };

  // Hover opens only with a real hovering pointer; touch screens (and their emulated mice) use the chevron.
  const canHover = () => window.matchMedia?.('(hover: hover) and (pointer: fine)').matches ?? false;

  const hoverOpen = (event: PointerEvent, entry: MenuEntry) => {
    if (event.pointerType !== 'mouse' || !hasVendorMenu(entry) || !canHover()) return;
    clearTimeout(hoverTimer.current);
    hoverTimer.current = setTimeout(() => show(entry.key, false, false), 120);
  };
  const hoverClose = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse' || !canHover()) return;
    clearTimeout(hoverTimer.current);
    hoverTimer.current = setTimeout(() => setOpen((o) => (o && !o.pinned ? null : o)), 220);
  };
  const keepOpen = () => clearTimeout(hoverTimer.current);

  const closeAndFocus = () => {
    const key = open?.key;
    setOpen(null);
    if (key) toggles.current.get(key)?.focus();
  };

  const onPanelKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      closeAndFocus();
      return;
    }
    const links = [...(panel.current?.querySelectorAll<HTMLElement>('ul a') ?? [])];
    const index = links.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowRight: index + 1,
      ArrowUp: index - 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: links.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined || links.length === 0) return;
    event.preventDefault();
    links[(target + links.length) % links.length]?.focus();
  };

  const openEntry = open ? entries.find((e) => e.key === open.key) : undefined;
  const label = (entry: MenuEntry) => t(entry.labelKey);

  return (
    <nav ref={root} className={styles.nav} aria-label={t('nav.gameTypes')}>
      <ul className={styles.strip}>
        {entries.map((entry) => {
          const isActive = entry.key === activeKey;
          const isOpen = open?.key === entry.key;
          return (
            <li
              key={entry.key}
              className={[styles.item, isActive ? styles.active : '', isOpen ? styles.open : ''].join(' ')}
              onPointerEnter={(event) => hoverOpen(event, entry)}
              onPointerLeave={hoverClose}
            >
              <Link to={entry.to} className={styles.link} aria-current={isActive ? 'page' : undefined}>
                <Icon name={entry.key} size={20} className={styles.linkIcon} />
                <span>{label(entry)}</span>
              </Link>
              {hasVendorMenu(entry) && (
                <button
                  ref={(node) => {
                    if (node) toggles.current.set(entry.key, node);
                    else toggles.current.delete(entry.key);
                  }}
                  type="button"
                  className={styles.toggle}
                  aria-expanded={isOpen}
                  aria-controls={isOpen ? panelId : undefined}
                  aria-label={t('nav.vendorsOf', { category: label(entry) })}
                  onClick={() => {
                    // A hover-opened panel is pinned by the click; a pinned one closes.
                    clearTimeout(hoverTimer.current);
                    if (isOpen && open?.pinned) setOpen(null);
                    else show(entry.key, false);
                  }}
                  onKeyDown={(event) => {
                    if (event.key === 'ArrowDown') {
                      event.preventDefault();
                      show(entry.key, true);
                    } else if (event.key === 'Escape' && isOpen) {
                      event.preventDefault();
                      setOpen(null);
                    }
                  }}
                >
                  <Icon name="chevronDown" size={16} className={styles.chevron} />
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {open && openEntry && (
        <section
          ref={panel}
          id={panelId}
          aria-label={t('nav.vendorsOf', { category: label(openEntry) })}
          className={[styles.panel, isLargeVendorMenu(openEntry) ? styles.large : ''].join(' ')}
          style={{ '--panel-left': `${open.left}px` } as CSSProperties}
          data-testid="vendor-menu"
          data-size={isLargeVendorMenu(openEntry) ? 'large' : 'small'}
          onKeyDown={onPanelKey}
          onPointerEnter={keepOpen}
          onPointerLeave={hoverClose}
        >
          <div className={styles.panelHead}>
            <span className={styles.panelTitle}>
              <Icon name={openEntry.key} size={18} />
              {t('nav.providers', { total: openEntry.vendors.length })}
            </span>
            <Link to={openEntry.to} className={styles.all}>
              {t('nav.seeAll')}
            </Link>
          </div>
          <ul className={styles.vendors}>
            {openEntry.vendors.map((vendor) => {
              const isCurrent = openEntry.key === activeKey && vendor.vassalage === vassalage;
              return (
                <li key={vendor.vassalage}>
                  <Link
                    to={vendorHref(openEntry, vendor.vassalage)}
                    className={[styles.vendor, vendor.maintenance ? styles.down : ''].join(' ')}
                    aria-current={isCurrent ? 'page' : undefined}
                  >
                    <span className={styles.logo} aria-hidden="true">
                      {vendor.logoUrl ? (
                        <img src={vendor.logoUrl} alt="" loading="lazy" width="32" height="32" />
                      ) : (
                        vendor.name.slice(0, 1)
                      )}
                    </span>
                    <span className={styles.vendorName}>{vendor.name}</span>
                    {vendor.maintenance && <span className={styles.badge}>{t('nav.maintenance')}</span>}
                  </Link>
                </li>
              );
            })}
          </ul>
        </section>
      )}
    </nav>
  );
}
