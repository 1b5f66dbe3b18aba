/**
 * The verify page's maths: every outcome is recomputed with @sorte/fair's own functions over
 * WebCrypto (playAsync), the very code the server ran, so a match means the bet was decided by the
 * seeds and nothing else.
 */
import {
  type ClassicSpin,
  classicSpin,
  crashPoint,
  diceRoll,
  fromHex,
  isHex64,
  LINES,
  limboResult,
  minePositions,
  playAsync,
  playDice,
  playLimbo,
  playPlinko,
  previousGameHash,
  sha256,
  sha256Hex,
  spin,
  toHex,
  type VideoRound,
} from '@sorte/fair';
import type { VerifyParams } from './verify-link';

export class VerifyInputError extends Error {
  constructor(
    readonly field: keyof VerifyParams,
    message: string,
  ) {
    super(message);
    this.name = 'VerifyInputError';
  }
}

export type Outcome =
  | { game: 'dice'; roll: number; win: boolean | null; multiplierBp: number | null }
  | { game: 'limbo'; result: number; win: boolean | null; multiplierBp: number | null }
  | { game: 'mines'; mines: number[] }
  | { game: 'plinko'; path: number[]; bucket: number; multiplierBp: number }
  | { game: 'fortune-reels'; round: VideoRound; multiplierBp: number }
  | { game: 'lucky-sevens'; spin: ClassicSpin; multiplierBp: number };

function seedsOf(params: VerifyParams) {
  if (!params.serverSeed) throw new VerifyInputError('serverSeed', 'missing');
  if (params.clientSeed === undefined || params.clientSeed === '')
    throw new VerifyInputError('clientSeed', 'missing');
  if (params.nonce === undefined || !Number.isSafeInteger(params.nonce) || params.nonce < 0)
    throw new VerifyInputError('nonce', 'missing');
  return { serverSeed: params.serverSeed, clientSeed: params.clientSeed, nonce: params.nonce };
}

function need<T>(value: T | undefined, field: keyof VerifyParams): T {
  if (value === undefined) throw new VerifyInputError(field, 'missing');
  return value;
}

/** Recomputes a bet of any per-player-seed game (every game but crash). */
export async function recompute(params: VerifyParams): Promise<Outcome> {
  const seeds = seedsOf(params);
  switch (params.game) {
    case 'dice': {
      if (params.direction && params.target !== undefined) {
        const { direction, target } = params;
        try {
          const r = await playAsync(seeds, (s) => playDice(s, direction, target));
          return { game: 'dice', roll: r.roll, win: r.win, multiplierBp: r.multiplierBp };
        } catch (error) {
          if (error instanceof RangeError) throw new VerifyInputError('target', error.message);
          throw error;
        }
      }
      return { game: 'dice', roll: await playAsync(seeds, diceRoll), win: null, multiplierBp: null };
    }
    case 'limbo': {
      if (params.target !== undefined) {
        const target = params.target;
        try {
          const r = await playAsync(seeds, (s) => playLimbo(s, target));
          return { game: 'limbo', result: r.result, win: r.win, multiplierBp: r.multiplierHundredths * 100 };
        } catch (error) {
          if (error instanceof RangeError) throw new VerifyInputError('target', error.message);
          throw error;
        }
      }
      return { game: 'limbo', result: await playAsync(seeds, limboResult), win: null, multiplierBp: null };
    }
    case 'mines': {
      const count = need(params.mines, 'mines');
      if (count < 1 || count > 24) throw new VerifyInputError('mines', 'range');
      return { game: 'mines', mines: await playAsync(seeds, (s) => minePositions(s, count), 4) };
    }
    case 'plinko': {
      const rows = need(params.rows, 'rows');
      const risk = need(params.risk, 'risk');
      if (rows < 8 || rows > 16) throw new VerifyInputError('rows', 'range');
      const r = await playAsync(seeds, (s) => playPlinko(s, rows, risk), 2);
      return { game: 'plinko', ...r };
    }
    case 'fortune-reels': {
      const round = await playAsync(seeds, (s) => spin(s), 2);
      return { game: 'fortune-reels', round, multiplierBp: (round.totalUnits * 10_000) / LINES };
    }
    case 'lucky-sevens': {
      const result = await playAsync(seeds, (s) => classicSpin(s), 1);
      return { game: 'lucky-sevens', spin: result, multiplierBp: result.multiplier * 10_000 };
    }
    default:
      throw new VerifyInputError('game', 'crash has its own check');
  }
}

/** SHA-256 of the revealed server seed, and whether it is the hash the player was shown. */
export async function checkServerSeed(
  serverSeed: string,
  shownHash: string | undefined,
): Promise<{ computed: string; matches: boolean | null }> {
  const computed = await sha256Hex(serverSeed);
  return { computed, matches: shownHash ? computed === shownHash.trim().toLowerCase() : null };
}

/** A crash game from its hash and the salt: its crash point and the hash of the game before it. */
export async function verifyCrashGame(
  gameHash: string,
  salt: string,
): Promise<{ crashPoint: number; previousHash: string }> {
  if (!isHex64(gameHash)) throw new VerifyInputError('hash', 'hex');
  return { crashPoint: await crashPoint(gameHash, salt), previousHash: await previousGameHash(gameHash) };
}

/**
 * Hashes a game's hash forward `gameNumber` times; the chain is intact if that gives the published
 * terminating hash. Reports progress and yields to the page every 2,000 hashes (long chains take
 * seconds), and stops early when `signal` aborts.
 */
export async function checkChain(
  gameHash: string,
  terminatingHash: string,
  gameNumber: number,
  onProgress?: (done: number) => void,
  signal?: AbortSignal,
): Promise<boolean> {
  if (!isHex64(gameHash) || !isHex64(terminatingHash) || !Number.isSafeInteger(gameNumber) || gameNumber < 1)
    return false;
  let h = fromHex(gameHash);
  for (let i = 1; i <= gameNumber; i++) {
    h = await sha256(h);
    if (i % 2000 === 0) {
      onProgress?.(i);
      if (signal?.aborted) throw new DOMException('aborted', 'AbortError');
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  }
  onProgress?.(gameNumber);
  return toHex(h) === terminatingHash.trim().toLowerCase();
}
