import { useI18n } from '../lib/i18n';
import { safeReturnUrl } from './return-url';

/** How long the lobby has to close its popup before the whole page is sent back instead. */
export const CLOSE_FALLBACK_MS = 600;

/**
 * Back to the lobby. Inside the lobby's popup the frame asks the lobby to close it (`sorte:close`):
 * the lobby stays as it was, no reload. A host page that does not answer (the frame is still there a
 * moment later) is sent to the return URL as a whole (target _top), never the lobby inside the
 * little frame. Opened on its own, the link simply goes back.
 */
export function BackLink({ returnUrl, className }: { returnUrl: string | null; className?: string }) {
  const { t } = useI18n();
  const href = safeReturnUrl(returnUrl);
  return (
    <a
      href={href}
      target="_top"
      className={className}
      onClick={(event) => {
        if (window.parent === window) return;
        event.preventDefault();
        window.parent.postMessage({ type: 'sorte:close' }, parentOrigin(href));
        const target = event.currentTarget;
        setTimeout(() => {
          try {
            if (window.top) window.top.location.href = target.href;
          } catch {
            // A host that forbids it keeps its own way back.
          }
        }, CLOSE_FALLBACK_MS);
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
