/**
 * Dice: a roll from 0.00 to 100.00 (10,001 equally likely values) from one stream number,
 * roll = floor(float · 10001) / 100, kept as integer hundredths (0 … 10000).
 *
 * The player bets the roll is over or under a target (hundredths). Win chance (in hundredths of a
 * percent) is 10000 − target for "over" and target for "under"; the multiplier is 99 / winChance%,
 * i.e. 99,000,000 / winChance in basis points, rounded down. RTP = (winning rolls / 10001) · multiplier
 * = 9900 / 10001 ≈ 98.99% for every target (the extra 0.01% comes from the 10,001st value, as on Stake).
 */
import { floorDiv } from './payout';
import { type FloatStream, nextInt } from './stream';

export type DiceDirection = 'over' | 'under';

/** Smallest and largest win chance accepted, in hundredths of a percent (0.01% … 98.00%). */
export const DICE_MIN_CHANCE = 1;
export const DICE_MAX_CHANCE = 9800;

/** The roll in hundredths (0 … 10000). */
export function diceRoll(stream: FloatStream): number {
  return nextInt(stream, 10001);
}

/** Win chance in hundredths of a percent; throws for a target outside the accepted range. */
export function diceWinChance(direction: DiceDirection, targetHundredths: number): number {
  if (!Number.isInteger(targetHundredths)) throw new RangeError('dice target must be whole hundredths');
  const chance = direction === 'over' ? 10000 - targetHundredths : targetHundredths;
  if (chance < DICE_MIN_CHANCE || chance > DICE_MAX_CHANCE)
    throw new RangeError('dice win chance out of range');
  return chance;
}

/** Multiplier in basis points for a win chance: floor(99 / (chance / 100) · 10,000). */
export function diceMultiplierBp(winChanceHundredths: number): number {
  return floorDiv(99 * 100 * 10_000, winChanceHundredths);
}

export interface DiceResult {
  roll: number;
  win: boolean;
  /** Multiplier of the bet (the payout is stake · multiplierBp / 10,000 if it wins, else 0). */
  multiplierBp: number;
}

/** "over" wins when roll > target; "under" wins when roll < target. */
export function playDice(
  stream: FloatStream,
  direction: DiceDirection,
  targetHundredths: number,
): DiceResult {
  const chance = diceWinChance(direction, targetHundredths);
  const roll = diceRoll(stream);
  const win = direction === 'over' ? roll > targetHundredths : roll < targetHundredths;
  return { roll, win, multiplierBp: diceMultiplierBp(chance) };
}
