import styles from './spinner.module.css';

/** An accessible busy indicator: announced once by screen readers, animated only when motion is welcome. */
export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className={styles.wrap}>
      <span className={styles.spinner} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
