import type { CSSProperties } from 'react';
import styles from './skeleton.module.css';

type Props = {
  /** CSS width/height, e.g. '100%' or 120. */
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  /** CSS aspect-ratio instead of a height, e.g. '1 / 1' for a game tile. */
  ratio?: string;
  radius?: 'sm' | 'md' | 'lg' | 'round';
  className?: string;
};

/** A placeholder shaped like what is loading. Decorative: the region around it says it is busy. */
export function Skeleton({ width = '100%', height, ratio, radius = 'md', className }: Props) {
  return (
    <span
      aria-hidden="true"
      className={[styles.skeleton, styles[radius], className].filter(Boolean).join(' ')}
      style={{ width, height, aspectRatio: ratio }}
    />
  );
}
