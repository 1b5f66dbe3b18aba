import { findMerchant } from '@sorte/shared';
import { useSession } from '../../features/session/hooks/use-session';
import { currentMerchant } from '../../lib/merchant';

/** The merchant's time zone, in which record days are counted (the member's merchant, else the chosen one). */
export function useMerchantTimeZone(): string {
  const { member } = useSession();
  return findMerchant(member?.merchantCode)?.timeZone ?? currentMerchant().timeZone;
}
