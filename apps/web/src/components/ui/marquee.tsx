import { type CSSProperties, type ReactNode, useEffect, useRef, useState } from 'react';
import styles from './marquee.module.css';
import { usePrefersReducedMotion } from './use-reduced-motion';

type Item = { key: string | number; label: string };

type Props = {
  /** Names the list, e.g. "Notices". */
  label: string;
  items: Item[];
  onSelect: (index: number) => void;
  /** Shown before the moving text (an icon button, a title). */
  lead?: ReactNode;
  /** Pixels per second. */
  speed?: number;
};

/**
 * A line of clickable texts that glides from right to left and starts again. It stops while the
 * pointer or the keyboard is on it; with reduced motion it stands still and scrolls by hand.
 */
export function Marquee({ label, items, onSelect, lead, speed = 48 }: Props) {
  const reduced = usePrefersReducedMotion();
  const track = useRef<HTMLUListElement>(null);
  const [duration, setDuration] = useState(30);

  // The track holds the list twice; one pass moves it by one copy. Its width is taken from a
  // ResizeObserver, after the browser's own layout: reading it in a layout effect forced a layout
  // of the whole page inside React's commit and a second, synchronous render (a long task on a
  // phone while the lobby first paints).
  useEffect(() => {
    const element = track.current;
    if (!element) return;
    const apply = (width: number) => {
      if (width > 0) setDuration(Math.max(10, width / 2 / speed));
    };
    if (typeof ResizeObserver === 'undefined') {
      apply(element.scrollWidth);
      return;
    }
    const observer = new ResizeObserver(([entry]) => apply(entry?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, [speed]);

  const render = (copy: number) =>
    items.map((item, index) => (
      <li key={`${copy}-${item.key}`} className={styles.item} aria-hidden={copy > 0 || undefined}>
        <button
          type="button"
          className={styles.button}
          tabIndex={copy > 0 ? -1 : undefined}
          onClick={() => onSelect(index)}
        >
          {item.label}
        </button>
      </li>
    ));

  return (
    <div className={styles.marquee}>
      {lead}
      <div className={[styles.window, reduced && styles.still].filter(Boolean).join(' ')}>
        <ul
          ref={track}
          className={styles.track}
          aria-label={label}
          style={{ '--duration': `${duration}s` } as CSSProperties}
        >
          {render(0)}
          {!reduced && render(1)}
        </ul>
      </div>
    </div>
  );
}
