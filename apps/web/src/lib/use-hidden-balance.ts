import { useEffect, useState } from 'react';
import { readStored, storageKeys, writeStored } from './storage-keys';

/**
 * Whether balances show as asterisks (spec section 1). Every balance on the page (the header's, the
 * member centre's card) and every other tab follow one stored choice: a change is written, then
 * announced as a storage event, which other tabs get from the browser and this page from us.
 */
export function useHiddenBalance(): [hidden: boolean, toggle: () => void] {
  const [hidden, setHidden] = useState(() => readStored(localStorage, storageKeys.hideBalance) === '1');
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === storageKeys.hideBalance) setHidden(event.newValue === '1');
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  const toggle = () => {
    const next = hidden ? '0' : '1';
    writeStored(localStorage, storageKeys.hideBalance, next);
    setHidden(!hidden);
    window.dispatchEvent(new StorageEvent('storage', { key: storageKeys.hideBalance, newValue: next }));
  };
  return [hidden, toggle];
}
