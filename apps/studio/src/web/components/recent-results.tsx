import styles from './recent-results.module.css';

/** The last few results as green (won) or red (lost) pills, newest first. */
export function RecentResults({
  label,
  items,
}: {
  label: string;
  items: readonly { id: string; text: string; win: boolean }[];
}) {
  return (
    <ol className={styles.recent} aria-label={label}>
      {items.map((item) => (
        <li key={item.id} className={styles.pill} data-win={item.win || undefined}>
          {item.text}
        </li>
      ))}
    </ol>
  );
}
