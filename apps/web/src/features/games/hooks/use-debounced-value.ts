import { useEffect, useState } from 'react';

/** Spec section 9: 300 ms between successive list loads (typing in the search box). */
export const LIST_DEBOUNCE_MS = 300;

/** The value, once it has stopped changing for `ms`. */
export function useDebouncedValue<T>(value: T, ms = LIST_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
