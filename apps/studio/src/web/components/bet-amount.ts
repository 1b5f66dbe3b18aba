import { useCallback, useEffect, useMemo, useState } from 'react';
import { useBalance } from '../app/balance-store';
import { useGame } from '../app/game-context';
import { type AmountProblem, amountProblem, doubleAmount, halveAmount, maxBet } from '../lib/amount';
import { useI18n } from '../lib/i18n';
import { formatAmountInput, parseAmount } from '../lib/money';
import { readJson, storageKeys, writeJson } from '../lib/storage';

export type BetAmount = {
  /** What is in the input, as typed. */
  text: string;
  setText: (text: string) => void;
  /** Minor units, or null when the text is not an amount. */
  amount: number | null;
  problem: AmountProblem | null;
  set: (minor: number) => void;
  halve: () => void;
  double: () => void;
  toMin: () => void;
  toMax: () => void;
};

const DEFAULT_BET = 100;

/** The stake of a game's bet controls, remembered per game for the tab's life. */
export function useBetAmount(): BetAmount {
  const game = useGame();
  const { locale } = useI18n();
  const balance = useBalance(game.balance);
  const [text, setText] = useState(() => {
    const stored = readJson<number>(storageKeys.amount(game.gameCode));
    const start = typeof stored === 'number' && stored > 0 ? stored : Math.max(DEFAULT_BET, game.limits.min);
    return formatAmountInput(start, locale);
  });
  const amount = parseAmount(text);
  const problem = amountProblem(amount, game.limits, balance);

  useEffect(() => {
    if (amount !== null && amount > 0) writeJson(storageKeys.amount(game.gameCode), amount);
  }, [amount, game.gameCode]);

  const set = useCallback((minor: number) => setText(formatAmountInput(minor, locale)), [locale]);
  const current = amount ?? game.limits.min;
  return useMemo(
    () => ({
      text,
      setText,
      amount,
      problem,
      set,
      halve: () => set(halveAmount(current, game.limits, balance)),
      double: () => set(doubleAmount(current, game.limits, balance)),
      toMin: () => set(game.limits.min),
      toMax: () => set(maxBet(game.limits, balance)),
    }),
    [text, amount, problem, set, current, game.limits, balance],
  );
}
