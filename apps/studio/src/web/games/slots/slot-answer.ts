/**
 * Reading the spin answer of POST /slots/:gameCode/spin. The base spin is the answer itself; each
 * free spin carries its own window and wins. Field names follow @sorte/fair's VideoSpin, with the
 * API's spellings (`scatter`) accepted beside it.
 */
import type { SlotSymbolName } from './symbols';

export type LineWin = { line: number; symbol: string; count: number; units: number };

export type SpinView = {
  window: SlotSymbolName[][];
  lineWins: LineWin[];
  scatters: number;
  scatterUnits: number;
  freeSpinsAwarded: number;
};

export type SpinAnswer = {
  roundId: string;
  window: SlotSymbolName[][];
  lineWins?: LineWin[];
  scatter?: unknown;
  freeSpins?: unknown[];
  payout: number;
  balance: number;
  nonce: number;
};

type Loose = Record<string, unknown>;

function scatterOf(value: unknown, source: Loose): { count: number; units: number } {
  if (typeof value === 'number') return { count: value, units: Number(source.scatterUnits ?? 0) };
  const v = (value ?? {}) as Loose;
  return {
    count: Number(v.count ?? v.scatters ?? source.scatters ?? 0),
    units: Number(v.units ?? v.scatterUnits ?? source.scatterUnits ?? 0),
  };
}

function viewOf(source: Loose): SpinView {
  const scatter = scatterOf(source.scatter, source);
  return {
    window: (source.window as SlotSymbolName[][]) ?? [],
    lineWins: Array.isArray(source.lineWins) ? (source.lineWins as LineWin[]) : [],
    scatters: scatter.count,
    scatterUnits: scatter.units,
    freeSpinsAwarded: Number(source.freeSpinsAwarded ?? (scatter.count >= 3 ? 10 : 0)),
  };
}

/** The base spin, then every free spin, in the order they are shown. */
export function spinsOf(answer: SpinAnswer): SpinView[] {
  const free = Array.isArray(answer.freeSpins) ? answer.freeSpins : [];
  return [viewOf(answer as unknown as Loose), ...free.map((spin) => viewOf(spin as Loose))];
}

/** A win in line bets as money: floor(stake · units / lines), how the server rounds it. */
export function unitsToMinor(stake: number, units: number, lines: number): number {
  return Number((BigInt(stake) * BigInt(Math.floor(units))) / BigInt(lines));
}
