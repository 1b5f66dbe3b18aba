import styles from './spinner.module.css';

export function Spinner({ label }: { label?: string }) {
  return (
    <span className={styles.spinner} role={label ? 'status' : undefined}>
      <span className={styles.ring} aria-hidden="true" />
      {label ? <span className="visually-hidden">{label}</span> : null}
    </span>
  );
}
