import { useCallback, useEffect, useRef } from 'react';
import { useGame } from '../app/game-context';
import { toMinor } from './money';

/**
 * Ties a bet's answer to its animation: the win stays out of the balance (and the round out of the
 * history) until the animation shows it, then both appear together. Timers are cleared if the game
 * unmounts, releasing whatever was held so the balance is never left short.
 */
export function useRoundReveal() {
  const game = useGame();
  const pending = useRef(new Set<() => void>());
  useEffect(() => {
    const set = pending.current;
    return () => {
      for (const finish of set) finish();
      set.clear();
    };
  }, []);
  return useCallback(
    (
      answer: { balance: unknown; payout?: unknown; nonce?: unknown },
      durationMs: number,
      onShown?: () => void,
    ) => {
      const release = game.balance.apply(toMinor(answer.balance), toMinor(answer.payout));
      let timer: ReturnType<typeof setTimeout> | undefined;
      const finish = () => {
        if (timer) clearTimeout(timer);
        pending.current.delete(finish);
        release();
        game.roundPlayed(typeof answer.nonce === 'number' ? answer.nonce : undefined);
      };
      pending.current.add(finish);
      timer = setTimeout(() => {
        finish();
        onShown?.();
      }, durationMs);
      return finish;
    },
    [game],
  );
}
