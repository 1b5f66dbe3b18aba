import { type InputHTMLAttributes, type ReactNode, type Ref, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './text-field.module.css';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Shown under the field and announced; marks the field invalid. */
  error?: string | null | undefined;
  hint?: string | undefined;
  /** An action inside the field's row, e.g. "show password" or "send code". */
  trailing?: ReactNode;
  leading?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

/** A labelled input with its error under it, wired for screen readers (aria-invalid, aria-describedby). */
export function TextField({
  label,
  value,
  onChange,
  error,
  hint,
  trailing,
  leading,
  id,
  className,
  ref,
  ...rest
}: Props) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      <div className={[styles.row, error ? styles.invalid : ''].join(' ')}>
        {leading && <span className={styles.leading}>{leading}</span>}
        <input
          ref={ref}
          id={inputId}
          className={styles.input}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...rest}
        />
        {trailing && <span className={styles.trailing}>{trailing}</span>}
      </div>
      {hint && !error && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** A password input with a show/hide switch: typing a password on a phone keyboard is error-prone. */
export function PasswordField(props: Omit<Props, 'type' | 'trailing'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          className={styles.iconButton}
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? t('field.hidePassword') : t('field.showPassword')}
          aria-pressed={visible}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path
              d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
            />
            <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
            {!visible && <path d="M4 20L20 4" stroke="currentColor" strokeWidth="1.8" />}
          </svg>
        </button>
      }
    />
  );
}
