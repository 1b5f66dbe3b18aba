import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './modal.module.css';

const focusable =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Open dialogs, innermost last: only the top one answers keys, so a warning over a form closes alone. */
const stack: object[] = [];

type Props = {
  title: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
  /** False for a step that must be completed (a forced password change): no ×, no Escape, no backdrop. */
  dismissible?: boolean;
  /** Shown above the title, e.g. the brand mark of the sign-in popups. */
  hero?: ReactNode;
  /** 'lg' for two-column content (announcements), 'full' for a game: the whole screen on a phone. */
  size?: 'sm' | 'md' | 'lg' | 'full';
  /** 'alertdialog' for short warnings that need an answer. */
  role?: 'dialog' | 'alertdialog';
  /**
   * False when the content brings its own header with a way out (a house game frame: back, name,
   * balance): the title stays for screen readers only, so the screen shows one header, not two.
   */
  showHeader?: boolean;
};

/**
 * A dialog that keeps keyboard focus inside while open, closes on Escape or a click on the
 * backdrop, and gives focus back to what opened it. It starts on the first field of its body, so
 * a person can type at once instead of landing on the close button.
 */
export function Modal({
  title,
  open,
  onClose,
  children,
  dismissible = true,
  hero,
  size = 'md',
  role = 'dialog',
  showHeader = true,
}: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLDivElement>(null);
  // The latest handlers without re-running the focus effect on every render.
  const latest = useRef({ onClose, dismissible });
  latest.current = { onClose, dismissible };

  useEffect(() => {
    if (!open) return;
    const self = {};
    stack.push(self);
    const opener = document.activeElement as HTMLElement | null;
    const first =
      body.current?.querySelector<HTMLElement>('[data-autofocus]') ??
      body.current?.querySelector<HTMLElement>(focusable) ??
      panel.current?.querySelector<HTMLElement>(focusable);
    (first ?? panel.current)?.focus();
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKey = (event: KeyboardEvent) => {
      if (stack[stack.length - 1] !== self) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        if (latest.current.dismissible) latest.current.onClose();
        return;
      }
      if (event.key !== 'Tab' || !panel.current) return;
      const items = [...panel.current.querySelectorAll<HTMLElement>(focusable)];
      if (items.length === 0) return;
      const head = items[0] as HTMLElement;
      const tail = items[items.length - 1] as HTMLElement;
      if (!panel.current.contains(document.activeElement)) {
        event.preventDefault();
        head.focus();
      } else if (event.shiftKey && document.activeElement === head) {
        event.preventDefault();
        tail.focus();
      } else if (!event.shiftKey && document.activeElement === tail) {
        event.preventDefault();
        head.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      stack.splice(stack.indexOf(self), 1);
      if (stack.length === 0) document.body.style.overflow = previousOverflow;
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);

  if (!open) return null;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a click outside is a mouse shortcut; keyboards close with Escape.
    <div
      className={styles.backdrop}
      onMouseDown={(e) => dismissible && e.target === e.currentTarget && onClose()}
    >
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: role is dialog or alertdialog, both modal roles. */}
      <div
        ref={panel}
        className={[styles.panel, styles[size]].join(' ')}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        {!showHeader && (
          <h2 id={titleId} className="visually-hidden">
            {title}
          </h2>
        )}
        {showHeader && (
          <header className={styles.header}>
            {hero}
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
            {dismissible && (
              <button type="button" className={styles.close} onClick={onClose} aria-label={t('close')}>
                <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                  <path
                    d="M6 6l12 12M18 6L6 18"
                    stroke="currentColor"
                    strokeWidth="2.4"
                    strokeLinecap="round"
                  />
                </svg>
              </button>
            )}
          </header>
        )}
        <div ref={body} className={styles.body}>
          {children}
        </div>
      </div>
    </div>
  );
}
