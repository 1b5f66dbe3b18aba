import {
  type BetSeeds,
  commitServerSeedSync,
  generateClientSeed,
  generateServerSeed,
  isValidClientSeed,
} from '@sorte/fair/node';
import type { Queryable, StudioDatabase } from '../db/client';
import { StudioError } from '../errors';

export type SeedRow = {
  id: bigint;
  player_id: string;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  next_nonce: number;
  active: boolean;
  revealed_at: Date | null;
};

/** Players whose active pair is kept in memory at most (the least recently used goes first). */
const KEPT_PAIRS = 10_000;

export type FairnessView = { serverSeedHash: string; clientSeed: string; nonce: number };

export const fairnessView = (row: SeedRow): FairnessView => ({
  serverSeedHash: row.server_seed_hash,
  clientSeed: row.client_seed,
  nonce: row.next_nonce,
});

/**
 * Per-player seed pairs (packages/fair seeds): a secret server seed committed by its SHA-256, a
 * client seed the player may change, and a nonce per bet. Rotating reveals the old server seed.
 */
export class SeedService {
  /** Each player's active pair as this process last took a nonce of it (next_nonce: the next one). */
  private readonly lastSeen = new Map<string, SeedRow>();
  /** Per player, the end of the last bet waiting to take a nonce here. */
  private readonly turns = new Map<string, Promise<void>>();

  constructor(private readonly db: StudioDatabase) {}

  /** The player's active pair, made on first use. */
  async active(playerId: string, q: Queryable = this.db): Promise<SeedRow> {
    const [row] = await q.query<SeedRow>('select * from player_seeds where player_id = $1 and active', [
      playerId,
    ]);
    if (row) return row;
    const serverSeed = generateServerSeed();
    await q.query(
      `insert into player_seeds (player_id, server_seed, server_seed_hash, client_seed)
       values ($1, $2, $3, $4)
       on conflict (player_id) where active do nothing`,
      [playerId, serverSeed, commitServerSeedSync(serverSeed), generateClientSeed()],
    );
    const [made] = await q.query<SeedRow>('select * from player_seeds where player_id = $1 and active', [
      playerId,
    ]);
    if (!made) throw new Error('no active seed pair after creating one');
    return made;
  }

  /**
   * Plays `use` on the player's next nonce. `use` takes the nonce together with writing what it is
   * for, in one statement that takes it only if it is still the next of that pair
   * (RoundsRepository.insertRoundOnNonce), and answers undefined when it was not. The pair comes
   * from memory when this process took the pair's last nonce, else from the database; a nonce taken
   * elsewhere (another instance of the studio) or a rotation fails the check, and the pair is read
   * again. A player's bets take their nonces one after another here, so they do not fail each
   * other's checks. No nonce is skipped or used twice, and no transaction is held open.
   */
  onNextNonce<T>(
    playerId: string,
    use: (seed: SeedRow, bet: BetSeeds) => Promise<T | undefined>,
  ): Promise<T> {
    const turn = (this.turns.get(playerId) ?? Promise.resolve()).then(() =>
      this.takeNextNonce(playerId, use),
    );
    const done = turn.then(
      () => undefined,
      () => undefined,
    );
    this.turns.set(playerId, done);
    void done.then(() => {
      if (this.turns.get(playerId) === done) this.turns.delete(playerId);
    });
    return turn;
  }

  private async takeNextNonce<T>(
    playerId: string,
    use: (seed: SeedRow, bet: BetSeeds) => Promise<T | undefined>,
  ): Promise<T> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const seed = (attempt === 0 ? this.lastSeen.get(playerId) : undefined) ?? (await this.active(playerId));
      const used = await use(seed, {
        serverSeed: seed.server_seed,
        clientSeed: seed.client_seed,
        nonce: seed.next_nonce,
      });
      if (used !== undefined) {
        this.lastSeen.delete(playerId);
        this.lastSeen.set(playerId, { ...seed, next_nonce: seed.next_nonce + 1 });
        if (this.lastSeen.size > KEPT_PAIRS) {
          const oldest = this.lastSeen.keys().next().value;
          if (oldest !== undefined) this.lastSeen.delete(oldest);
        }
        return used;
      }
      this.lastSeen.delete(playerId);
    }
    throw new StudioError(503, 'SEEDS_BUSY', 'Your seeds are changing: try the bet again.');
  }

  /**
   * Reveals the active server seed and commits to a new one (nonce back to 0). Keeps the client seed
   * unless a new one is given. Refused while a mines round is in play: its mines come from the pair.
   */
  async rotate(playerId: string, clientSeed: string | undefined) {
    if (clientSeed !== undefined && !isValidClientSeed(clientSeed))
      throw new StudioError(
        400,
        'INVALID_CLIENT_SEED',
        'The client seed must be 1–64 visible ASCII characters.',
      );
    return this.db.transaction(async (tx) => {
      const current = await this.active(playerId, tx);
      const [inPlay] = await tx.query(
        `select 1 from rounds where player_id = $1 and seed_id = $2 and state in ('open', 'bet_acknowledged')
           and payout is null and refund_reason is null limit 1`,
        [playerId, current.id],
      );
      if (inPlay)
        throw new StudioError(
          409,
          'ROUND_IN_PLAY',
          'Finish the round in play before changing seeds: its result depends on them.',
        );
      const [old] = await tx.query<SeedRow>(
        'update player_seeds set active = false, revealed_at = now() where id = $1 and active returning *',
        [current.id],
      );
      if (!old) throw new StudioError(409, 'ROTATION_CONFLICT', 'The seeds changed meanwhile: try again.');
      const serverSeed = generateServerSeed();
      const [next] = await tx.query<SeedRow>(
        `insert into player_seeds (player_id, server_seed, server_seed_hash, client_seed)
         values ($1, $2, $3, $4) returning *`,
        [playerId, serverSeed, commitServerSeedSync(serverSeed), clientSeed ?? old.client_seed],
      );
      this.lastSeen.delete(playerId);
      return {
        revealed: {
          serverSeed: old.server_seed,
          serverSeedHash: old.server_seed_hash,
          clientSeed: old.client_seed,
          lastNonce: old.next_nonce > 0 ? old.next_nonce - 1 : null,
          betCount: old.next_nonce,
        },
        next: fairnessView(next as SeedRow),
      };
    });
  }
}
