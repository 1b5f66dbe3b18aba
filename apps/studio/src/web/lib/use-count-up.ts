import { useEffect, useState } from 'react';

/**
 * Animates a number from `from` to `to` in `ms` with an ease-out, for results that should build
 * suspense (a limbo multiplier, a win counter). Logarithmic when asked, so 1.00× → 1,000× does not
 * spend its whole time in the thousands. Jumps straight to the end when `ms` is 0.
 */
export function useCountUp(to: number, { from = 0, ms = 600, log = false, key }: CountOptions): number {
  const [value, setValue] = useState(to);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` restarts the count for a new result
  useEffect(() => {
    if (ms <= 0 || to === from) {
      setValue(to);
      return;
    }
    const start = performance.now();
    let frame = 0;
    const step = () => {
      const p = Math.min(1, (performance.now() - start) / ms);
      const eased = 1 - (1 - p) ** 3;
      const next = log && from > 0 && to > 0 ? from * (to / from) ** eased : from + (to - from) * eased;
      setValue(p >= 1 ? to : Math.floor(next));
      if (p < 1) frame = requestAnimationFrame(step);
    };
    setValue(from);
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [to, from, ms, log, key]);
  return value;
}

type CountOptions = { from?: number; ms?: number; log?: boolean; key?: unknown };
