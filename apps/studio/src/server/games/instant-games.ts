import {
  type BetSeeds,
  BP,
  type ClassicSymbol,
  classicSpin,
  LINES,
  type LineWin,
  minePositions,
  type PlinkoRisk,
  payoutBp,
  payoutHundredths,
  play,
  playDice,
  playLimbo,
  playPlinko,
  spin,
  type VideoSpin,
  type VideoSymbol,
  videoPayout,
} from '@sorte/fair/node';

/**
 * The single-step games as pure functions of a bet's seeds and the player's choices: the public
 * outcome (stored with the round and shown in history), the multiplier and the payout. The history
 * and verify page recompute exactly these with packages/fair.
 */

export type InstantResult = {
  /** Stored as the round's outcome and returned in history. */
  outcome: Record<string, unknown>;
  /** Round multiplier in basis points (10,000 = 1×). */
  multiplierBp: bigint;
  payout: bigint;
  /** Game-specific fields of the bet answer (the rest is roundId, payout, balance, nonce). */
  reply: Record<string, unknown>;
};

export function playDiceRound(
  seeds: BetSeeds,
  stake: bigint,
  choice: { direction: 'over' | 'under'; target: number },
): InstantResult {
  const r = play(seeds, (stream) => playDice(stream, choice.direction, choice.target));
  const payout = r.win ? payoutBp(stake, r.multiplierBp) : 0n;
  return {
    outcome: { roll: r.roll, win: r.win, direction: choice.direction, target: choice.target },
    multiplierBp: r.win ? BigInt(r.multiplierBp) : 0n,
    payout,
    reply: { roll: r.roll, win: r.win, multiplierBp: r.multiplierBp },
  };
}

export function playLimboRound(seeds: BetSeeds, stake: bigint, choice: { target: number }): InstantResult {
  const r = play(seeds, (stream) => playLimbo(stream, choice.target));
  const payout = r.win ? payoutHundredths(stake, r.multiplierHundredths) : 0n;
  return {
    outcome: { result: r.result, win: r.win, target: choice.target },
    multiplierBp: r.win ? BigInt(r.multiplierHundredths) * 100n : 0n,
    payout,
    reply: { result: r.result, win: r.win, multiplierHundredths: r.multiplierHundredths },
  };
}

export function playPlinkoRound(
  seeds: BetSeeds,
  stake: bigint,
  choice: { rows: number; risk: PlinkoRisk },
): InstantResult {
  const r = play(seeds, (stream) => playPlinko(stream, choice.rows, choice.risk));
  return {
    outcome: { path: r.path, bucket: r.bucket, rows: choice.rows, risk: choice.risk },
    multiplierBp: BigInt(r.multiplierBp),
    payout: payoutBp(stake, r.multiplierBp),
    reply: { path: r.path, bucket: r.bucket, multiplierBp: r.multiplierBp },
  };
}

const videoSpinView = (s: VideoSpin) => ({
  window: s.window as VideoSymbol[][],
  lineWins: s.lineWins.map((w: LineWin) => ({
    line: w.line,
    symbol: w.symbol,
    count: w.count,
    units: w.units,
  })),
  scatter: { count: s.scatters, units: s.scatterUnits },
  multiplier: s.multiplier,
  units: s.units,
  freeSpinsAwarded: s.freeSpinsAwarded,
});

/**
 * Fortune Reels: 5 reels × 3 rows, 10 lines. The stake is the total bet (10 line bets); units are
 * line bets, so the payout is floor(stake · totalUnits / 10).
 */
export function playVideoSlotRound(seeds: BetSeeds, stake: bigint): InstantResult {
  const round = play(seeds, (stream) => spin(stream));
  const base = videoSpinView(round.base);
  const freeSpins = round.freeSpins.map(videoSpinView);
  const view = {
    window: base.window,
    lineWins: base.lineWins,
    scatter: base.scatter,
    freeSpins,
    totalUnits: round.totalUnits,
    unitsPerStake: LINES,
  };
  return {
    outcome: view,
    multiplierBp: (BigInt(round.totalUnits) * BigInt(BP)) / BigInt(LINES),
    payout: videoPayout(stake, round.totalUnits),
    reply: view,
  };
}

/**
 * Lucky Sevens: 3 reels × 3 rows, one payline (the middle row). Units are stakes: the payout is
 * stake · multiplier.
 */
export function playClassicSlotRound(seeds: BetSeeds, stake: bigint): InstantResult {
  const s = play(seeds, (stream) => classicSpin(stream));
  const [a, b, c] = s.line;
  const cherries = a !== 'cherry' ? 0 : b !== 'cherry' ? 1 : c !== 'cherry' ? 2 : 3;
  const lineWins =
    s.multiplier > 0
      ? [{ line: 1, symbol: a as ClassicSymbol, count: cherries || 3, units: s.multiplier }]
      : [];
  const view = {
    window: s.window,
    lineWins,
    scatter: null,
    freeSpins: [],
    totalUnits: s.multiplier,
    unitsPerStake: 1,
  };
  return {
    outcome: view,
    multiplierBp: BigInt(s.multiplier) * BigInt(BP),
    payout: stake * BigInt(s.multiplier),
    reply: view,
  };
}

/** Mines of a round: the first `mines` tiles of the seeds' shuffle. */
export function minesOf(seeds: BetSeeds, mines: number): number[] {
  return play(seeds, (stream) => minePositions(stream, mines));
}
