import styles from './spinner.module.css';

/**
 * An accessible busy indicator: announced once by screen readers, animated only when motion is
 * welcome. Without a label it is only drawn, for a caller that announces the loading (QueryState).
 */
export function Spinner({ label }: { label?: string }) {
  if (!label)
    return (
      <div className={styles.wrap}>
        <span className={styles.spinner} aria-hidden="true" />
      </div>
    );
  return (
    <div role="status" className={styles.wrap}>
      <span className={styles.spinner} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
