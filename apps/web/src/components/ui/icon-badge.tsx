import styles from './icon-badge.module.css';

const paths = {
  lock: 'M7 11V8a5 5 0 0 1 10 0v3M5 11h14v10H5zM12 15v2',
  shield: 'M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6zM8.5 12l2.5 2.5 4.5-5',
  key: 'M14.5 9.5a4.5 4.5 0 1 1-1.3-3.2A4.5 4.5 0 0 1 14.5 9.5zM13 13l7 7M17 17l2-2M15 15l1.5-1.5',
  star: 'M12 3l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.4 6.8 19.1l1-5.8L3.5 9.2l5.9-.9z',
  exit: 'M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10',
} as const;

/** A round icon above a popup's title, so each popup is recognised at a glance. */
export function IconBadge({ icon }: { icon: keyof typeof paths }) {
  return (
    <span className={styles.badge} aria-hidden="true">
      <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
        <path
          d={paths[icon]}
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
          strokeLinecap="round"
        />
      </svg>
    </span>
  );
}
