import { type ReactNode, useEffect, useState } from 'react';

/**
 * Set a second after the first deferred part has rendered: by then the first screen is up, and
 * later pages render their parts at once (so scroll restoration finds the page at its full height).
 * Parts mounted within that second (the lobby's sections, once its lanes have rendered) defer too.
 */
let firstScreenDone = false;
let settling = false;

/**
 * Renders its children in a task of their own after the page's first render (and at once on every
 * later page). The production build runs on Preact, which renders a whole tree in one task: the
 * lobby's first screen in one piece held a slow phone's main thread for about 200 ms (Lighthouse's
 * Total Blocking Time). What lies below the first screen (the lower lobby sections, the footer, the
 * closed drawer) renders just after it instead, each part in its own short task.
 */
export function NextTask({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(firstScreenDone);
  useEffect(() => {
    if (shown) return;
    const timer = setTimeout(() => {
      if (!settling) {
        settling = true;
        setTimeout(() => {
          firstScreenDone = true;
        }, 1000);
      }
      setShown(true);
    }, 0);
    return () => clearTimeout(timer);
  }, [shown]);
  return shown ? children : null;
}
