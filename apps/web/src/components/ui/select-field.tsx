import { type SelectHTMLAttributes, useId } from 'react';
import styles from './select-field.module.css';

type Option = { value: string; label: string };

type Props = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> & {
  label: string;
  value: string;
  options: Option[];
  onChange: (value: string) => void;
  error?: string | null | undefined;
};

/** A labelled native select (the phone's own picker is the easiest to use with a thumb). */
export function SelectField({ label, value, options, onChange, error, id, className, ...rest }: Props) {
  const ownId = useId();
  const selectId = id ?? ownId;
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={selectId} className={styles.label}>
        {label}
      </label>
      <div className={[styles.row, error ? styles.invalid : ''].join(' ')}>
        <select
          id={selectId}
          className={styles.select}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${selectId}-error` : undefined}
          {...rest}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <svg className={styles.chevron} viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path d="M6 9.5l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </div>
      {error && (
        <p id={`${selectId}-error`} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
