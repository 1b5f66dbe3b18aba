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
 * A history row as verify-page fields. The player's choices come from `params` (or, failing that,
 * the game's `outcome`, which repeats them); crash rounds point at their game's hash instead of seeds.
 */
export function historyRowToVerify(row: HistoryRow): VerifyParams {
  const game = isGameCode(row.gameCode) ? row.gameCode : 'dice';
  const outcome: Loose = row.outcome && typeof row.outcome === 'object' ? (row.outcome as Loose) : {};
  const chosen: Loose = {
    ...outcome,
    ...(row.params && typeof row.params === 'object' ? (row.params as Loose) : {}),
  };
  if (game === 'crash') {
    const hash = typeof outcome.hash === 'string' ? outcome.hash : undefined;
    return { game, hash, gameId: firstNumber(outcome, 'gameId'), stake: row.stake };
  }
  const params: VerifyParams = {
    game,
    serverSeed: row.serverSeed ?? undefined,
    serverSeedHash: row.serverSeedHash ?? undefined,
    clientSeed: row.clientSeed ?? undefined,
    nonce: row.nonce ?? undefined,
    stake: row.stake,
  };
  if (game === 'dice') {
    const direction = chosen.direction;
    if (direction === 'over' || direction === 'under') params.direction = direction;
    params.target = firstNumber(chosen, 'target');
  } else if (game === 'limbo') {
    params.target = firstNumber(chosen, 'target');
  } else if (game === 'mines') {
    const mines = chosen.mines;
    params.mines = Array.isArray(mines) ? mines.length : firstNumber(chosen, 'mines', 'mineCount');
  } else if (game === 'plinko') {
    params.rows = firstNumber(chosen, 'rows');
    const risk = chosen.risk;
    if (typeof risk === 'string' && (plinkoRisks as readonly string[]).includes(risk))
      params.risk = risk as PlinkoRisk;
  }
  return params;
}

/** Whether the verify page can recompute the row now (its server seed revealed, or a crashed game). */
export function isVerifiable(row: HistoryRow): boolean {
  if (row.gameCode === 'crash') {
    const outcome = row.outcome as Loose | null;
    return typeof outcome?.hash === 'string';
  }
  return !!row.serverSeed;
}
