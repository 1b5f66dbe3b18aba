import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** After each navigation: scroll to the hash's element when there is one, else to the top (spec section 2). */
export function useScrollRestoration() {
  const { pathname, hash } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pathname is the navigation that must scroll.
  useEffect(() => {
    if (hash) {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    window.scrollTo(0, 0);
  }, [pathname, hash]);
}
