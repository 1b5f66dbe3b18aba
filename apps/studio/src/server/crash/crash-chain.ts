import { randomBytes } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { crashPointSync } from '@sorte/fair/node';
import type { CrashSettings } from '../config';
import type { StudioDatabase } from '../db/client';
import { makeRawChain } from './crash-chain-worker.mjs';

/** bustabit's growth: the multiplier (hundredths) after `elapsedMs` is floor(100 · e^(0.00006 · ms)). */
export const CRASH_GROWTH_PER_MS = 0.00006;

export function multiplierAt(elapsedMs: number): number {
  return Math.floor(100 * Math.exp(CRASH_GROWTH_PER_MS * Math.max(0, elapsedMs)));
}

/** The first whole millisecond at which the multiplier reaches `hundredths`. */
export function elapsedAt(hundredths: number): number {
  if (hundredths <= 100) return 0;
  let t = Math.max(0, Math.ceil(Math.log(hundredths / 100) / CRASH_GROWTH_PER_MS));
  while (t > 0 && multiplierAt(t - 1) >= hundredths) t--;
  while (multiplierAt(t) < hundredths) t++;
  return t;
}

/**
 * A chain's hashes as raw bytes, 32 a game: game k's hash at (k − 1) · 32. Kept raw, not as 100,000
 * hex strings: the string of a game is made when the game opens.
 */
export type RawHashChain = { terminatingHash: string; raw: Buffer };

/** Game k's hash (hex) in a raw chain. */
export const hashOfGame = (raw: Buffer, gameNumber: number): string =>
  raw.subarray((gameNumber - 1) * 32, gameNumber * 32).toString('hex');

/**
 * Up to this many hashes a chain is made on this thread, at once: a worker's start costs more
 * (tens of ms) than hashing that many, and the crash game's first round would wait for it.
 */
const MADE_HERE_UP_TO = 5_000;

/**
 * generateChainSync's chain. A chain is 100,000 hashes by default and is made again from its seed at
 * every start. In one piece it held the event loop for 0.3 s on a quiet machine and over 2 s under
 * load; in slices on the loop it still took a third of it for a second and more just after a
 * restart (bench:load's restart window, when every client comes back at once: /healthz waited
 * 0.7-1 s), since the embedded studio shares the platform's loop. So a long chain is made on a
 * thread of its own; a short one (tests, a small CRASH_CHAIN_LENGTH) here.
 */
export async function generateChain(seed: string, length: number): Promise<RawHashChain> {
  // generateChainSync's check and error (upper-case hex is a seed too: Buffer reads it alike).
  if (!/^[0-9a-f]{64}$/i.test(seed)) throw new Error('chain seed must be 64 hex characters');
  if (length <= MADE_HERE_UP_TO) return makeRawChain(seed, length);
  const worker = new Worker(new URL('./crash-chain-worker.mjs', import.meta.url), {
    workerData: { crashChain: { seed, length } },
  });
  try {
    const made = await new Promise<{ raw: ArrayBuffer; offset: number; terminatingHash: string }>(
      (resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
        worker.once('exit', (code) => reject(new Error(`crash chain worker exited with code ${code}`)));
      },
    );
    return {
      terminatingHash: made.terminatingHash,
      raw: Buffer.from(made.raw, made.offset, length * 32),
    };
  } finally {
    void worker.terminate();
  }
}

export type CrashChain = {
  id: number;
  terminatingHash: string;
  salt: string;
  length: number;
  firstGameId: number;
  /** Game k's hash at (k − 1) · 32 (hashOfGame). */
  raw: Buffer;
};

export type CrashGameRow = {
  id: bigint;
  chain_id: number;
  game_number: number;
  hash: string;
  crash_point: bigint;
  state: 'betting' | 'running' | 'crashed' | 'aborted';
};

export type NextGame = { id: number; gameNumber: number; hash: string; crashPoint: number };

/**
 * The crash game's hash chains (bustabit style, packages/fair crash): a chain of `chainLength` game
 * hashes generated backwards from a secret seed, its terminating hash and salt published before
 * game 1, games played from 1 upwards. A used-up chain is followed by a new one.
 */
export class CrashChainStore {
  private chain: CrashChain | null = null;

  constructor(
    private readonly db: StudioDatabase,
    private readonly settings: CrashSettings,
  ) {}

  /** The chain being loaded or made: callers meanwhile (the engine, a fairness request) share it. */
  private loading: Promise<CrashChain> | null = null;

  /** The current chain, generated (and stored) on first use. */
  async current(): Promise<CrashChain> {
    if (this.chain) return this.chain;
    this.loading ??= this.load().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  private async load(): Promise<CrashChain> {
    const [row] = await this.db.query<{
      id: number;
      seed: string;
      terminating_hash: string;
      salt: string;
      length: number;
      first_game_id: bigint;
    }>('select * from crash_chains order by id desc limit 1');
    if (row) {
      const { raw, terminatingHash } = await generateChain(row.seed, row.length);
      if (terminatingHash !== row.terminating_hash) throw new Error(`crash chain ${row.id} does not verify`);
      this.chain = {
        id: row.id,
        terminatingHash,
        salt: row.salt,
        length: row.length,
        firstGameId: Number(row.first_game_id),
        raw,
      };
      return this.chain;
    }
    return this.createChain(1);
  }

  private async createChain(firstGameId: number): Promise<CrashChain> {
    // A configured seed is for the first chain only (tests); later chains are always random.
    const seed =
      firstGameId === 1 && this.settings.chainSeed
        ? this.settings.chainSeed
        : randomBytes(32).toString('hex');
    const salt = this.settings.salt ?? randomBytes(32).toString('hex');
    const { raw, terminatingHash } = await generateChain(seed, this.settings.chainLength);
    const [row] = await this.db.query<{ id: number }>(
      `insert into crash_chains (seed, terminating_hash, salt, length, first_game_id)
       values ($1, $2, $3, $4, $5) returning id`,
      [seed, terminatingHash, salt, this.settings.chainLength, firstGameId],
    );
    this.chain = {
      id: (row as { id: number }).id,
      terminatingHash,
      salt,
      length: this.settings.chainLength,
      firstGameId,
      raw,
    };
    return this.chain;
  }

  /** Opens the next game (state betting) and answers it; its crash point stays in the server. */
  async openNextGame(): Promise<NextGame> {
    let chain = await this.current();
    const [last] = await this.db.query<{ id: bigint | null }>('select max(id) as id from crash_games');
    const id = last?.id === null || last?.id === undefined ? chain.firstGameId : Number(last.id) + 1;
    if (id >= chain.firstGameId + chain.length) chain = await this.createChain(id);
    const gameNumber = id - chain.firstGameId + 1;
    const hash = hashOfGame(chain.raw, gameNumber);
    const crashPoint = crashPointSync(hash, chain.salt);
    await this.db.query(
      `insert into crash_games (id, chain_id, game_number, hash, crash_point, state)
       values ($1, $2, $3, $4, $5, 'betting')`,
      [id, chain.id, gameNumber, hash, crashPoint],
    );
    return { id, gameNumber, hash, crashPoint };
  }

  async fairness() {
    const chain = await this.current();
    return {
      salt: chain.salt,
      terminatingHash: chain.terminatingHash,
      chainLength: chain.length,
      firstGameId: chain.firstGameId,
    };
  }

  /** Crashed games, newest first: their hash and point are public. */
  async history(limit: number): Promise<{ gameId: number; hash: string; crashPoint: number }[]> {
    const rows = await this.db.query<CrashGameRow>(
      "select * from crash_games where state = 'crashed' order by id desc limit $1",
      [limit],
    );
    return rows.map((r) => ({ gameId: Number(r.id), hash: r.hash, crashPoint: Number(r.crash_point) }));
  }
}
