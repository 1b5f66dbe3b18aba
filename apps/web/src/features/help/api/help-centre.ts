import type { HelpCenterValue } from '@sorte/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { currentMerchant } from '../../../lib/merchant';
import { useApi } from '../../../lib/use-api';

/** GET /wps/system/helpCenter?lang=&device=WEB: categories of articles in the visitor's language (EN fallback). */
export function useHelpCentre() {
  const api = useApi();
  const { i18n } = useTranslation();
  const lang = i18n.language.toUpperCase();
  return useQuery({
    queryKey: ['help-centre', currentMerchant().merchantCode, lang],
    queryFn: ({ signal }) =>
      api<HelpCenterValue>(`/wps/system/helpCenter?lang=${encodeURIComponent(lang)}&device=WEB`, { signal }),
    staleTime: 10 * 60_000,
  });
}
