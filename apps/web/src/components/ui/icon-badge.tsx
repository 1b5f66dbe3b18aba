import { Icon } from './icon';
import styles from './icon-badge.module.css';

/** A round icon above a popup's title, so each popup is recognised at a glance. */
export function IconBadge({ icon }: { icon: 'lock' | 'shield' | 'key' | 'star' | 'exit' }) {
  return (
    <span className={styles.badge} aria-hidden="true">
      <Icon name={icon} size={26} />
    </span>
  );
}
