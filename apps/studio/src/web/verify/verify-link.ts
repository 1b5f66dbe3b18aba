/**
 * The verify page's address carries everything needed to recompute a bet, so a history row, a
 * revealed seed pair or a crash chip can open it with the fields filled in.
 */
import { type PlinkoRisk, plinkoRisks } from '@sorte/fair';
import { studioBase } from '../lib/api';
import { type GameCode, type HistoryRow, isGameCode } from '../lib/types';

export type VerifyParams = {
  game: GameCode;
  serverSeed?: string;
  serverSeedHash?: string;
  clientSeed?: string;
  nonce?: number;
  /** Stake in minor units, to show the payout the multiplier gives. */
  stake?: number;
  direction?: 'over' | 'under';
  /** Dice target or limbo target, in hundredths. */
  target?: number;
  mines?: number;
  rows?: number;
  risk?: PlinkoRisk;
  /** Crash: the game's hash and its number in the chain. */
  hash?: string;
  gameId?: number;
};

const numberKeys = ['nonce', 'stake', 'target', 'mines', 'rows', 'gameId'] as const;
const textKeys = ['serverSeed', 'serverSeedHash', 'clientSeed', 'hash'] as const;

export function verifyHref(params: VerifyParams): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  return `${studioBase}verify?${query.toString()}`;
}

/** Reads the verify page's query; unknown or malformed values are left out rather than guessed. */
export function readVerifyParams(search: string): Partial<VerifyParams> {
  const query = new URLSearchParams(search);
  const params: Partial<VerifyParams> = {};
  const game = query.get('game');
  if (game && isGameCode(game)) params.game = game;
  for (const key of textKeys) {
    const value = query.get(key);
    if (value) params[key] = value;
  }
  for (const key of numberKeys) {
    const value = query.get(key);
    if (value !== null && /^\d{1,15}$/.test(value)) params[key] = Number(value);
  }
  const direction = query.get('direction');
  if (direction === 'over' || direction === 'under') params.direction = direction;
  const risk = query.get('risk');
  if (risk && (plinkoRisks as readonly string[]).includes(risk)) params.risk = risk as PlinkoRisk;
  return params;
}

type Loose = Record<string, unknown>;

function firstNumber(source: Loose, ...keys: string[]): number | undefined {
  for (const key of keys) {
    const value = source[key];
    if (typeof value === 'number' && Number.isFinite(value)) return value;
    if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
  }
  return undefined;
}

/**
 * The bet's parameters from a history row's `outcome`. The outcome is the game's own record, so the
 * names differ per game; the common spellings are accepted.
 */
export function historyRowToVerify(row: HistoryRow): VerifyParams {
  const game = isGameCode(row.gameCode) ? row.gameCode : 'dice';
  const outcome: Loose = row.outcome && typeof row.outcome === 'object' ? (row.outcome as Loose) : {};
  const params: VerifyParams = {
    game,
    serverSeed: row.serverSeed ?? undefined,
    serverSeedHash: row.serverSeedHash,
    clientSeed: row.clientSeed,
    nonce: row.nonce,
    stake: row.stake,
  };
  if (game === 'dice') {
    const direction = outcome.direction;
    if (direction === 'over' || direction === 'under') params.direction = direction;
    params.target = firstNumber(outcome, 'target', 'targetHundredths');
  } else if (game === 'limbo') {
    params.target = firstNumber(outcome, 'target', 'targetHundredths', 'multiplierHundredths');
  } else if (game === 'mines') {
    const mines = outcome.mines ?? outcome.minePositions;
    params.mines =
      firstNumber(outcome, 'mineCount', 'minesCount', 'count') ??
      (Array.isArray(mines) ? mines.length : firstNumber(outcome, 'mines'));
  } else if (game === 'plinko') {
    params.rows = firstNumber(outcome, 'rows');
    const risk = outcome.risk;
    if (typeof risk === 'string' && (plinkoRisks as readonly string[]).includes(risk))
      params.risk = risk as PlinkoRisk;
  }
  return params;
}
