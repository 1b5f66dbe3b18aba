import { type DependencyList, useCallback, useEffect, useRef, useState } from 'react';

export type FetchState<T> = {
  data: T | undefined;
  error: unknown;
  isLoading: boolean;
  reload: () => void;
};

/**
 * Loads data for a panel (history, chain facts) and reloads it when `deps` change. Keeps the last
 * data while reloading, so a list does not flash empty after every bet.
 */
export function useFetch<T>(load: (signal: AbortSignal) => Promise<T>, deps: DependencyList): FetchState<T> {
  const [data, setData] = useState<T>();
  const [error, setError] = useState<unknown>(null);
  const [isLoading, setLoading] = useState(true);
  const [tick, setTick] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's deps decide when to reload
  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    loadRef
      .current(controller.signal)
      .then((value) => {
        if (controller.signal.aborted) return;
        setData(value);
        setError(null);
        setLoading(false);
      })
      .catch((reason: unknown) => {
        if (controller.signal.aborted) return;
        setError(reason);
        setLoading(false);
      });
    return () => controller.abort();
  }, [...deps, tick]);

  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { data, error, isLoading, reload };
}
