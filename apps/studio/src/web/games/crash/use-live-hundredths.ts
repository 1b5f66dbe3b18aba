import { useEffect, useState } from 'react';
import type { CrashStore } from './crash-store';
import { hundredthsAt } from './multiplier';

/**
 * The running multiplier for React text that follows it (the cash-out button's payout): ten
 * updates a second is plenty for a label, and spares the tree 60 renders a second.
 */
export function useLiveHundredths(store: CrashStore, isActive: boolean): number {
  const [value, setValue] = useState(100);
  useEffect(() => {
    if (!isActive) return;
    const update = () => {
      const s = store.getState();
      if (s.phase === 'running' && s.startedAt !== null)
        setValue(hundredthsAt(performance.now() - s.startedAt));
    };
    update();
    const timer = setInterval(update, 100);
    return () => clearInterval(timer);
  }, [store, isActive]);
  return value;
}
