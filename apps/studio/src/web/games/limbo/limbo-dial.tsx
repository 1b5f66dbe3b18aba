import { useI18n } from '../../lib/i18n';
import { formatHundredths } from '../../lib/money';
import { useCountUp } from '../../lib/use-count-up';
import styles from './limbo-dial.module.css';

const R = 88;
const CIRCUMFERENCE = 2 * Math.PI * R;

/**
 * The draw climbs from 1.00× towards the result on a log scale, and a ring fills towards the target:
 * full and green when the result reached it, stopping short in red when it did not.
 */
export function LimboDial({
  result,
  target,
  isRevealing,
  durationMs,
}: {
  result: { result: number; win: boolean; id: string } | null;
  target: number;
  isRevealing: boolean;
  durationMs: number;
}) {
  const { t, locale } = useI18n();
  const shown = useCountUp(result?.result ?? 100, {
    from: 100,
    ms: result ? durationMs : 0,
    log: true,
    key: result?.id,
  });
  const fill = Math.min(1, Math.log(Math.max(100, shown) / 100) / Math.log(Math.max(101, target) / 100));
  const state = !result ? 'idle' : isRevealing ? 'rolling' : result.win ? 'win' : 'lose';
  return (
    <div className={styles.dial} data-state={state}>
      <svg viewBox="0 0 200 200" className={styles.svg} aria-hidden="true">
        <defs>
          <linearGradient id="limbo-ring" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#a78bfa" />
            <stop offset="1" stopColor="#2ec4f5" />
          </linearGradient>
          <radialGradient id="limbo-core" cx="50%" cy="40%" r="60%">
            <stop offset="0" stopColor="#2b2f5e" />
            <stop offset="1" stopColor="#12152b" />
          </radialGradient>
        </defs>
        <circle cx="100" cy="100" r="96" fill="url(#limbo-core)" />
        {Array.from({ length: 60 }, (_, i) => {
          const a = (i / 60) * Math.PI * 2;
          const long = i % 5 === 0;
          return (
            <line
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed decorative ticks
              key={i}
              x1={100 + Math.sin(a) * 72}
              y1={100 - Math.cos(a) * 72}
              x2={100 + Math.sin(a) * (long ? 64 : 68)}
              y2={100 - Math.cos(a) * (long ? 64 : 68)}
              stroke="rgba(255,255,255,0.18)"
              strokeWidth={long ? 2 : 1}
            />
          );
        })}
        <circle cx="100" cy="100" r={R} fill="none" stroke="rgba(255,255,255,0.08)" strokeWidth="10" />
        <circle
          className={styles.ring}
          cx="100"
          cy="100"
          r={R}
          fill="none"
          strokeWidth="10"
          strokeLinecap="round"
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - (result ? fill : 0))}
          transform="rotate(-90 100 100)"
        />
      </svg>
      <div className={styles.center} aria-live="polite">
        <span className={`${styles.value} tabular`}>{formatHundredths(result ? shown : 100, locale)}</span>
        <span className={styles.target}>
          {t('limboTarget')}: <strong className="tabular">{formatHundredths(target, locale)}</strong>
        </span>
        {state === 'win' || state === 'lose' ? (
          <span className="visually-hidden">{state === 'win' ? t('youWon') : t('youLost')}</span>
        ) : null}
      </div>
    </div>
  );
}
