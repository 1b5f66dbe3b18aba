import { readStored, storageKeys, writeStored } from '../../lib/storage-keys';
import type { MerchantEntry } from './api/merchants';

/** The page reload after a region switch, kept apart so tests can watch it instead of navigating. */
export const pageReload = {
  toRoot: () => window.location.assign('/'),
};

/** Session storage: set when a visitor closes the automatic region prompt, so this tab does not ask again. */
export const regionPromptDismissedKey = 'regionPromptDismissed';

/** Whether the visitor (or an earlier visit) has chosen a merchant on this device. */
export function hasStoredMerchant(): boolean {
  return Boolean(readStored(localStorage, storageKeys.merchantCode));
}

/**
 * Spec section 1: choosing a country or currency stores the merchant, clears session storage (the
 * login and cached member data belong to the old merchant) and reloads to the root.
 */
export function chooseMerchant(entry: MerchantEntry) {
  writeStored(localStorage, storageKeys.merchantCode, entry.merchantCode);
  writeStored(localStorage, storageKeys.merchant, JSON.stringify(entry));
  try {
    sessionStorage.clear();
  } catch {
    // Nothing stored, nothing to clear.
  }
  pageReload.toRoot();
}

/**
 * Spec section 4: the region modal shows by itself when no merchant is stored yet, the domain does
 * not fix the merchant, and the visitor's country suggests a different one than is serving them.
 */
export function shouldPromptRegion(
  value: { current: string; fromDomain: boolean; suggested: string | null } | undefined,
  state: { stored: boolean; dismissed: boolean },
): boolean {
  if (!value || value.fromDomain || state.stored || state.dismissed) return false;
  return value.suggested !== null && value.suggested !== value.current;
}
