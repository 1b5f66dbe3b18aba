import { useEffect, useState } from 'react';

/** Seconds until `deadline` (ISO), ticking every second; 0 once past; null without a deadline. */
export function useSecondsLeft(deadline: string | null | undefined): number | null {
  const target = deadline ? new Date(deadline).getTime() : Number.NaN;
  const compute = () => (Number.isNaN(target) ? null : Math.max(0, Math.round((target - Date.now()) / 1000)));
  const [left, setLeft] = useState(compute);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the target is the only input.
  useEffect(() => {
    setLeft(compute());
    if (Number.isNaN(target)) return;
    const timer = setInterval(() => {
      const next = compute();
      setLeft(next);
      if (next === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [target]);
  return left;
}
