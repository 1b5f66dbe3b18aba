import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { peekBootValue } from '../../../lib/boot-prefetch';
import { currentMerchant } from '../../../lib/merchant';
import { useApi } from '../../../lib/use-api';

/** A region table entry (spec section 3). */
export type MerchantEntry = {
  merchantCode: string;
  country: string;
  currency: string;
  countryName: string;
  langList: string[];
  countryDialingCode: string;
};

export type MerchantsValue = {
  merchants: MerchantEntry[];
  /** The merchant serving this visitor now. */
  current: string;
  /** The domain decides the merchant: the visitor cannot switch. */
  fromDomain: boolean;
  /** The merchant of the visitor's country; null when the country is unknown. */
  suggested: string | null;
};

/** GET /wps/system/merchants: the region table, the current merchant and the one the country suggests. */
export function useMerchants() {
  const api = useApi();
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['merchants', currentMerchant().merchantCode, i18n.language],
    queryFn: ({ signal }) => api<MerchantsValue>('/wps/system/merchants', { signal }),
    initialData: () => peekBootValue<MerchantsValue>('/wps/system/merchants', i18n.language),
    staleTime: 30 * 60_000,
  });
}
