import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './copy-field.module.css';

/** Copies text: the Clipboard API where allowed, else a hidden textarea and execCommand (old WebViews). */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the old way
  }
  try {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const done = document.execCommand('copy');
    area.remove();
    return done;
  } catch {
    return false;
  }
}

type Props = {
  label: string;
  value: string;
  /** Long codes (a PIX BR Code) wrap in a box; short ones (a CLABE) stay on one line, larger. */
  multiline?: boolean;
  copyLabel?: string;
};

/** A value the payer must type or paste elsewhere, with a Copy button that says when it worked. */
export function CopyField({ label, value, multiline = false, copyLabel }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 2500);
    return () => clearTimeout(timer);
  }, [state]);
  return (
    <div className={styles.field}>
      <span id={id} className={styles.label}>
        {label}
      </span>
      <div className={styles.row}>
        <output aria-labelledby={id} className={multiline ? styles.multiline : styles.value}>
          {value}
        </output>
        <button
          type="button"
          className={styles.copy}
          onClick={async () => setState((await copyText(value)) ? 'copied' : 'failed')}
          aria-label={`${copyLabel ?? t('member.common.copy')}: ${label}`}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            {state === 'copied' ? (
              <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
            ) : (
              <path
                d="M9 9h10v11H9zM5 15V4h10"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinejoin="round"
              />
            )}
          </svg>
          <span>{copyLabel ?? t('member.common.copy')}</span>
        </button>
      </div>
      <p className={styles.status} role="status">
        {state === 'copied'
          ? t('member.common.copied')
          : state === 'failed'
            ? t('member.common.copyFailed')
            : ''}
      </p>
    </div>
  );
}
