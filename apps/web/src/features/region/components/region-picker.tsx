import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal';
import { currentMerchant } from '../../../lib/merchant';
import { readStored, storageKeys, writeStored } from '../../../lib/storage-keys';
import { type MerchantEntry, useMerchants } from '../api/merchants';
import {
  chooseMerchant,
  hasStoredMerchant,
  regionPromptDismissedKey,
  shouldPromptRegion,
} from '../choose-merchant';
import { Flag } from './flag';
import styles from './region.module.css';

// Worked out once per code: an Intl.DisplayNames is slow to make.
const languageNames = new Map<string, string>();

function nativeLanguageName(code: string) {
  let found = languageNames.get(code);
  if (found === undefined) {
    try {
      const name = new Intl.DisplayNames([code.toLowerCase()], { type: 'language' }).of(code.toLowerCase());
      found = name ? name.charAt(0).toLocaleUpperCase(code.toLowerCase()) + name.slice(1) : code;
    } catch {
      found = code;
    }
    languageNames.set(code, found);
  }
  return found;
}

/**
 * The region flag button of the header (spec section 2) and its picker: flag and currency of the
 * merchant serving the visitor; choosing another country stores it, clears session storage and
 * reloads to the root. Hidden when the domain decides the merchant. Opens by itself once when no
 * merchant is stored and the visitor's country suggests another one (spec section 4).
 */
export function RegionPicker() {
  const { t } = useTranslation();
  const { data } = useMerchants();
  const [open, setOpen] = useState<'manual' | 'prompt' | null>(null);

  useEffect(() => {
    const dismissed = readStored(sessionStorage, regionPromptDismissedKey) === '1';
    if (shouldPromptRegion(data, { stored: hasStoredMerchant(), dismissed })) setOpen('prompt');
  }, [data]);

  if (data?.fromDomain) return null;
  const fallback = currentMerchant();
  const currentCode = data?.current ?? fallback.merchantCode;
  const current = data?.merchants.find((m) => m.merchantCode === currentCode) ?? fallback;
  const countryName = (m: MerchantEntry) =>
    t(`region.countries.${m.country}`, { defaultValue: m.countryName });

  const close = () => {
    if (open === 'prompt') writeStored(sessionStorage, regionPromptDismissedKey, '1');
    setOpen(null);
  };

  const choose = (entry: MerchantEntry) => {
    if (entry.merchantCode === currentCode) {
      // Confirming the region already in use: remember it, no need to sign out and reload.
      writeStored(localStorage, storageKeys.merchantCode, entry.merchantCode);
      writeStored(localStorage, storageKeys.merchant, JSON.stringify(entry));
      setOpen(null);
      return;
    }
    chooseMerchant(entry);
  };

  const suggested = open === 'prompt' ? data?.merchants.find((m) => m.merchantCode === data.suggested) : null;

  return (
    <>
      <button
        type="button"
        className={styles.button}
        aria-haspopup="dialog"
        aria-label={t('region.button', { country: countryName(current), currency: current.currency })}
        onClick={() => setOpen('manual')}
      >
        <Flag country={current.country} size={22} />
        <span className={styles.currency}>{current.currency}</span>
      </button>
      <Modal title={t('region.title')} open={open !== null} onClose={close} size="sm">
        {suggested && (
          <p className={styles.hint}>{t('region.suggestion', { country: countryName(suggested) })}</p>
        )}
        <ul className={styles.list}>
          {/* Built only while open: the native language names are slow to work out on a phone. */}
          {(open === null ? [] : (data?.merchants ?? [])).map((m) => {
            const isCurrent = m.merchantCode === currentCode;
            const isSuggested = m.merchantCode === suggested?.merchantCode;
            return (
              <li key={m.merchantCode}>
                <button
                  type="button"
                  className={[styles.option, isSuggested ? styles.suggested : ''].join(' ')}
                  aria-current={isCurrent ? 'true' : undefined}
                  data-autofocus={isSuggested || (!suggested && isCurrent) ? true : undefined}
                  onClick={() => choose(m)}
                >
                  <Flag country={m.country} size={40} />
                  <span className={styles.optionText}>
                    <span className={styles.optionName}>{countryName(m)}</span>
                    <span className={styles.optionMeta}>
                      {m.currency} · {m.langList.map(nativeLanguageName).join(', ')}
                    </span>
                  </span>
                  {isCurrent && <span className={styles.tag}>{t('region.current')}</span>}
                  {isSuggested && !isCurrent && (
                    <span className={[styles.tag, styles.tagSuggested].join(' ')}>
                      {t('region.suggested')}
                    </span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
        <p className={styles.note}>{t('region.note')}</p>
      </Modal>
    </>
  );
}
