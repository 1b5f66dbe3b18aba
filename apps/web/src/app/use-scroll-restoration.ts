import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** How long a hash target may take to appear (a lazy page, its data) before the scroll gives up. */
const HASH_WAIT_MS = 4000;

/**
 * After each navigation: scroll to the hash's element when there is one, else to the top (spec
 * section 2). The element may not exist yet when the page is still loading: wait for it a little.
 */
export function useScrollRestoration() {
  const { pathname, hash } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pathname is the navigation that must scroll.
  useEffect(() => {
    if (!hash) {
      window.scrollTo(0, 0);
      return;
    }
    const id = decodeURIComponent(hash.slice(1));
    const reveal = () => {
      const target = document.getElementById(id);
      if (!target) return false;
      target.scrollIntoView();
      return true;
    };
    if (reveal()) return;
    window.scrollTo(0, 0);
    const observer = new MutationObserver(() => {
      if (reveal()) stop();
    });
    const timer = setTimeout(() => stop(), HASH_WAIT_MS);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
    };
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [pathname, hash]);
}
