import { randomBytes } from 'node:crypto';
import { setImmediate as loopTurn } from 'node:timers/promises';
import { crashPointSync, generateChainSync, type HashChain, sha256Sync } from '@sorte/fair/node';
import type { CrashSettings } from '../config';
import type { StudioDatabase } from '../db/client';

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

/** Hashes per slice of a chain's generation: a few milliseconds of CPU each. */
const CHAIN_SLICE = 2_000;

/**
 * generateChainSync's chain, made in slices with a turn of the event loop between them. A chain is
 * 100,000 hashes by default and is made again from its seed at every start: in one piece it held
 * the loop for 0.3 s on a quiet machine and over 2 s under load (the embedded studio shares the
 * platform's loop, so every request and /healthz waited, and so would a crash tick when a chain
 * runs out mid-play).
 */
export async function generateChainSliced(seed: string, length: number): Promise<HashChain> {
  if (!/^[0-9a-f]{64}$/.test(seed)) return generateChainSync(seed, length); // its error, as before
  const hashes = new Array<string>(length);
  let h: Uint8Array = Buffer.from(seed, 'hex');
  for (let k = length; k >= 1; k--) {
    hashes[k - 1] = Buffer.from(h.buffer, h.byteOffset, h.byteLength).toString('hex');
    h = sha256Sync(h);
    if (k % CHAIN_SLICE === 0) await loopTurn();
  }
  return { terminatingHash: Buffer.from(h.buffer, h.byteOffset, h.byteLength).toString('hex'), hashes };
}

export type CrashChain = {
  id: number;
  terminatingHash: string;
  salt: string;
  length: number;
  firstGameId: number;
  /** hashes[k − 1]: game k's hash. */
  hashes: string[];
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
      const { hashes, terminatingHash } = await generateChainSliced(row.seed, row.length);
      if (terminatingHash !== row.terminating_hash) throw new Error(`crash chain ${row.id} does not verify`);
      this.chain = {
        id: row.id,
        terminatingHash,
        salt: row.salt,
        length: row.length,
        firstGameId: Number(row.first_game_id),
        hashes,
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
    const { hashes, terminatingHash } = await generateChainSliced(seed, this.settings.chainLength);
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
      hashes,
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
    const hash = chain.hashes[gameNumber - 1] as string;
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
