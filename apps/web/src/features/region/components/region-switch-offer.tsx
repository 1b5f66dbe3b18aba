import { useTranslation } from 'react-i18next';
import { useMerchants } from '../api/merchants';
import { chooseMerchant } from '../choose-merchant';
import { Flag } from './flag';
import styles from './region.module.css';

/**
 * On the region-blocked page: when the visitor's country has a merchant of its own (a visitor from
 * Mexico who landed on the default Brazilian site), offer to switch to it — the region check saying
 * "this is not your region" (spec section 4). Nothing when the domain fixes the merchant.
 */
export function RegionSwitchOffer({ countryCode }: { countryCode: string | null }) {
  const { t } = useTranslation();
  const { data } = useMerchants();
  if (!data || data.fromDomain || !countryCode) return null;
  const entry = data.merchants.find((m) => m.merchantCode === data.suggested);
  if (!entry || entry.merchantCode === data.current || entry.country !== countryCode.toUpperCase())
    return null;
  const country = t(`region.countries.${entry.country}`, { defaultValue: entry.countryName });
  return (
    <button
      type="button"
      className={[styles.option, styles.offer].join(' ')}
      data-region-offer=""
      onClick={() => chooseMerchant(entry)}
    >
      <Flag country={entry.country} size={40} />
      <span className={styles.optionText}>
        <span className={styles.optionName}>{t('region.switchTo', { country })}</span>
        <span className={styles.optionMeta}>{t('region.switchToMeta', { currency: entry.currency })}</span>
      </span>
    </button>
  );
}
