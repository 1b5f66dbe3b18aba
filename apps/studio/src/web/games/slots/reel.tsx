import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import styles from './reel.module.css';
import { spinSequence } from './reel-strip';
import { SlotSymbol, type SlotSymbolName } from './symbols';

/**
 * One reel: shows `symbols` (top to bottom). Each new `spinId` spins it: the strip scrolls down
 * through `passing` symbols and settles with a small bounce after `durationMs`, then `onStop`.
 */
export function Reel({
  strip,
  symbols,
  spinId,
  passing,
  durationMs,
  highlight,
  dim,
  onStop,
}: {
  strip: readonly SlotSymbolName[];
  symbols: readonly SlotSymbolName[];
  spinId: number;
  passing: number;
  durationMs: number;
  /** Rows to light up (a winning line or scatter). */
  highlight?: readonly boolean[];
  /** Dim everything not highlighted, so the win reads at a glance. */
  dim?: boolean;
  onStop?: () => void;
}) {
  const stripRef = useRef<HTMLDivElement>(null);
  const shown = useRef<readonly SlotSymbolName[]>(symbols);
  const [sequence, setSequence] = useState<SlotSymbolName[] | null>(null);
  const stopRef = useRef(onStop);
  stopRef.current = onStop;

  // A new spin: lay out the long strip (final window on top, the old window at the bottom)…
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new spin id starts a spin
  useLayoutEffect(() => {
    if (spinId === 0) return;
    setSequence(spinSequence(strip, symbols, shown.current, passing));
    shown.current = symbols;
  }, [spinId]);

  // …then scroll it down to the final window.
  useEffect(() => {
    const node = stripRef.current;
    if (!sequence || !node) return;
    const rows = symbols.length;
    const from = `translateY(${(-100 * (sequence.length - rows)) / sequence.length}%)`;
    const finish = () => {
      setSequence(null);
      stopRef.current?.();
    };
    if (typeof node.animate !== 'function' || durationMs <= 0) {
      finish();
      return;
    }
    const animation = node.animate([{ transform: from }, { transform: 'translateY(0%)' }], {
      duration: durationMs,
      easing: 'cubic-bezier(0.25, 0.1, 0.3, 1.12)',
    });
    animation.onfinish = finish;
    return () => animation.cancel();
  }, [sequence, durationMs, symbols.length]);

  const items = sequence ?? symbols;
  return (
    <div className={styles.window}>
      <div
        ref={stripRef}
        className={styles.strip}
        data-spinning={sequence ? true : undefined}
        style={{ height: `${(items.length / symbols.length) * 100}%` }}
      >
        {items.map((name, i) => (
          <div
            // Positions in a strip are its identity; the same symbol repeats.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={i}
            className={styles.cell}
            data-lit={(!sequence && highlight?.[i]) || undefined}
            data-dim={(!sequence && dim && !highlight?.[i]) || undefined}
          >
            <SlotSymbol name={name} className={styles.symbol} />
          </div>
        ))}
      </div>
    </div>
  );
}
