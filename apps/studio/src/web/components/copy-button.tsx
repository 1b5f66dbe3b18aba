import { useState } from 'react';
import { useI18n } from '../lib/i18n';
import styles from './copy-button.module.css';

/** Copies a seed or hash; says "Copied" for a moment (announced) so the player knows it worked. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useI18n();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch {
      // Clipboard blocked (iframe permissions): the value stays selectable on screen.
    }
  };
  return (
    <button type="button" className={styles.copy} onClick={copy} aria-label={`${t('copy')}: ${label}`}>
      <span aria-live="polite">{copied ? t('copied') : t('copy')}</span>
    </button>
  );
}
