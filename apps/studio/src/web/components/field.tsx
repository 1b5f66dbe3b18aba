import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import styles from './field.module.css';

/** A labelled input with an optional suffix ("×", "%") and its problem, announced when it appears. */
export function Field({
  label,
  suffix,
  problem,
  hint,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  suffix?: ReactNode;
  problem?: string | null;
  hint?: string;
}) {
  const id = useId();
  const described = problem ? `${id}-problem` : hint ? `${id}-hint` : undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.box} data-invalid={problem ? true : undefined}>
        <input
          id={id}
          className={`${styles.input} tabular`}
          autoComplete="off"
          aria-invalid={problem ? true : undefined}
          aria-describedby={described}
          {...input}
        />
        {suffix ? (
          <span className={styles.suffix} aria-hidden="true">
            {suffix}
          </span>
        ) : null}
      </div>
      {problem ? (
        <p id={`${id}-problem`} className={styles.problem} role="alert">
          {problem}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A read-only figure styled like a field (win chance, payout on win). */
export function Readout({ label, value, tone }: { label: string; value: ReactNode; tone?: 'win' }) {
  return (
    <div className={styles.field}>
      <span className={styles.label}>{label}</span>
      <output className={`${styles.box} ${styles.readout} tabular`} data-tone={tone}>
        {value}
      </output>
    </div>
  );
}
