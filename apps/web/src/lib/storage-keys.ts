/**
 * Browser storage keys of spec section 3. Session storage holds the login (token, member info);
 * language and merchant survive in local storage. Theme, the hidden-balance choice and the pending
 * password change are ours (not in the spec).
 */
export const storageKeys = {
  token: 'token',
  memberInfo: 'memberInfo',
  lang: 'lang',
  hisLang: 'hisLang',
  merchant: 'merchant',
  merchantCode: 'merchantCode',
  theme: 'theme',
  hideBalance: 'hideBalance',
  passwordChangeRequired: 'passwordChangeRequired',
  /** Session storage, set at a member's first login: the F popup announcements are for them. */
  firstTimeLogin: 'firstTimeLogin',
  /** Local storage: a random id of this browser, sent as x-device-id so sign-up limits can count devices. */
  deviceId: 'deviceId',
} as const;

export function readStored(storage: Storage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    // Private modes and full quotas throw; the app then simply forgets between visits.
    return null;
  }
}

export function writeStored(storage: Storage, key: string, value: string): void {
  try {
    storage.setItem(key, value);
  } catch {
    // See readStored.
  }
}

export function removeStored(storage: Storage, key: string): void {
  try {
    storage.removeItem(key);
  } catch {
    // See readStored.
  }
}
