import { type Merchant, merchantByCode } from '@sorte/shared';
import { readStored, storageKeys } from './storage-keys';

/**
 * The merchant this visitor uses: the stored choice (local storage, so it survives a sign-out and a
 * new tab), else Brazil, the spec's default. The server reads the same code from a request header.
 */
export function currentMerchant(): Merchant {
  const code =
    typeof localStorage === 'undefined' ? null : readStored(localStorage, storageKeys.merchantCode);
  return merchantByCode(code?.toUpperCase());
}
