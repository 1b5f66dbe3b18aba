import { type ReactNode, useEffect, useState } from 'react';

/** Set once the first screen's deferred parts have rendered: later pages render them at once. */
let firstScreenDone = false;

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
      firstScreenDone = true;
      setShown(true);
    }, 0);
    return () => clearTimeout(timer);
  }, [shown]);
  return shown ? children : null;
}
