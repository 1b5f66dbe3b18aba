import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePrefersReducedMotion } from '../../../components/ui/use-reduced-motion';
import { formatMoney } from '../format-money';
import { jackpotStart, jackpotStep } from '../jackpot';
import styles from './lobby.module.css';

/** How long the digits take to roll up to the new value. */
const ROLL_MS = 900;

/**
 * The home jackpot counter (spec section 4): starts at a random value and rises by 100–500 every
 * 3, 4 or 5 s, rolling up to each new value; still (no rises) when reduced motion is asked for.
 */
export function JackpotCounter({ currency }: { currency: string }) {
  const { t, i18n } = useTranslation();
  const reduced = usePrefersReducedMotion();
  const [target, setTarget] = useState(() => jackpotStart());

  useEffect(() => {
    if (reduced) return;
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      const step = jackpotStep();
      timer = setTimeout(() => {
        setTarget((value) => value + step.increment);
        schedule();
      }, step.delayMs);
    };
    schedule();
    return () => clearTimeout(timer);
  }, [reduced]);

  return (
    <section className={styles.jackpot} aria-label={t('lobby.jackpot')}>
      <div className={styles.jackpotGlow} aria-hidden="true" />
      <p className={styles.jackpotTitle}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d="M3 8l4.5 3L12 4l4.5 7L21 8l-2 11H5z" fill="currentColor" />
        </svg>
        {t('lobby.jackpot')}
      </p>
      <RollingAmount target={target} currency={currency} language={i18n.language} still={reduced} />
    </section>
  );
}

/**
 * The amount, rolling up to `target`. Its own component: each frame of a roll renders only the
 * digits, not the counter's title and glow (on a slow phone those frames were a steady load on the
 * main thread beside the lobby's first screen).
 */
function RollingAmount({
  target,
  currency,
  language,
  still,
}: {
  target: number;
  currency: string;
  language: string;
  still: boolean;
}) {
  const [shown, setShown] = useState(target);
  const shownRef = useRef(shown);
  shownRef.current = shown;

  useEffect(() => {
    const from = shownRef.current;
    if (from === target) return;
    if (still || typeof requestAnimationFrame === 'undefined') {
      setShown(target);
      return;
    }
    const started = performance.now();
    let frame = 0;
    const roll = (now: number) => {
      const progress = Math.min(1, (now - started) / ROLL_MS);
      const eased = 1 - (1 - progress) ** 3;
      setShown(Math.round(from + (target - from) * eased));
      if (progress < 1) frame = requestAnimationFrame(roll);
    };
    frame = requestAnimationFrame(roll);
    return () => cancelAnimationFrame(frame);
  }, [target, still]);

  const text = formatMoney(shown, currency, language);
  return (
    <p className={styles.jackpotAmount} data-testid="jackpot">
      <span className="visually-hidden">{text}</span>
      <span className={styles.jackpotDigits} aria-hidden="true">
        {[...text].map((char, index) =>
          /\d/.test(char) ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a digit's place is its identity.
            <span key={index} className={styles.digit}>
              {char}
            </span>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: as above.
            <span key={index} className={char === ' ' ? styles.space : styles.separator}>
              {char}
            </span>
          ),
        )}
      </span>
    </p>
  );
}
