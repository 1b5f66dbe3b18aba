import { useI18n } from '../lib/i18n';
import { safeReturnUrl } from './return-url';

/**
 * Back to the lobby. Inside the lobby's popup the whole page goes back (target _top), never the
 * lobby inside the little frame; the lobby also hears `sorte:close` and may simply close the popup.
 */
export function BackLink({ returnUrl, className }: { returnUrl: string | null; className?: string }) {
  const { t } = useI18n();
  const href = safeReturnUrl(returnUrl);
  return (
    <a
      href={href}
      target="_top"
      className={className}
      onClick={() => {
        if (window.parent !== window) window.parent.postMessage({ type: 'sorte:close' }, parentOrigin(href));
      }}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.6" strokeLinecap="round" />
      </svg>
      <span className="visually-hidden">{t('back')}</span>
    </a>
  );
}

/** The origin to post to: the lobby's (the return URL's), so nothing goes to a stranger's page. */
export function parentOrigin(returnUrl: string): string {
  try {
    return new URL(returnUrl, window.location.href).origin;
  } catch {
    return window.location.origin;
  }
}
