import styles from './bar-chart.module.css';

export type Bar = {
  key: string;
  /** Short label under the bar ("23/11"). */
  label: string;
  value: number;
  /** What a pointer hover shows ("23/11: +R$ 12.00"). */
  title: string;
};

type Props = {
  bars: Bar[];
  /** Names the picture for screen readers; the figures are also in a table beside it. */
  label: string;
  /** Formats the top and bottom axis values. */
  formatValue: (value: number) => string;
  height?: number;
  /** Said over the chart when every bar is zero (nothing happened in the period). */
  emptyLabel?: string;
};

/** How many bar labels fit under the chart on a phone before they crowd. */
const maxLabels = 8;

/**
 * Bars above and below a zero line (wins up, losses down), drawn as plain SVG: no chart library
 * for a handful of rectangles. Text stays in HTML so it never stretches with the picture.
 */
export function BarChart({ bars, label, formatValue, height = 160, emptyLabel }: Props) {
  const max = Math.max(0, ...bars.map((b) => b.value));
  const min = Math.min(0, ...bars.map((b) => b.value));
  const span = max - min || 1;
  const width = Math.max(bars.length, 1) * 10;
  const zeroY = max === 0 && min === 0 ? 50 : (max / span) * 100;
  const every = Math.max(1, Math.ceil(bars.length / maxLabels));
  const isFlat = bars.every((b) => b.value === 0);
  return (
    <figure className={styles.figure}>
      {!isFlat && (
        <span className={styles.axisLabel} aria-hidden="true">
          {formatValue(max)}
        </span>
      )}
      <div className={styles.plot}>
        {isFlat && emptyLabel && <p className={styles.flat}>{emptyLabel}</p>}
        <svg
          className={styles.svg}
          viewBox={`0 0 ${width} 100`}
          preserveAspectRatio="none"
          height={height}
          role="img"
          aria-label={label}
        >
          <line
            x1="0"
            x2={width}
            y1={zeroY}
            y2={zeroY}
            stroke="var(--color-border)"
            strokeWidth="1"
            vectorEffect="non-scaling-stroke"
          />
          {bars.map((bar, index) => {
            const h = (Math.abs(bar.value) / span) * 100;
            const y = bar.value >= 0 ? zeroY - h : zeroY;
            return (
              <rect
                key={bar.key}
                x={index * 10 + 2}
                width={6}
                y={y}
                height={Math.max(h, bar.value === 0 ? 0 : 0.8)}
                rx="1"
                fill={bar.value >= 0 ? 'var(--color-success)' : 'var(--color-danger)'}
              >
                <title>{bar.title}</title>
              </rect>
            );
          })}
        </svg>
      </div>
      {!isFlat && (
        <span className={styles.axisLabel} aria-hidden="true">
          {formatValue(min)}
        </span>
      )}
      <div
        className={styles.labels}
        style={{ gridTemplateColumns: `repeat(${Math.max(bars.length, 1)}, 1fr)` }}
        aria-hidden="true"
      >
        {bars.map((bar, index) => (
          <span key={bar.key}>{index % every === 0 ? bar.label : ''}</span>
        ))}
      </div>
    </figure>
  );
}
