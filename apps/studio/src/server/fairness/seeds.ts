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
   * Takes the next nonce of the player's active pair, inside the transaction that creates the round,
   * so a nonce is used once and the round names the pair it was played on.
   */
  async takeNonce(tx: Queryable, playerId: string): Promise<{ seed: SeedRow; bet: BetSeeds }> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const [row] = await tx.query<SeedRow>(
        `update player_seeds set next_nonce = next_nonce + 1
          where player_id = $1 and active
          returning *`,
        [playerId],
      );
      if (row) {
        const nonce = row.next_nonce - 1;
        return {
          seed: { ...row, next_nonce: nonce },
          bet: { serverSeed: row.server_seed, clientSeed: row.client_seed, nonce },
        };
      }
      // No active pair yet, or a rotation replaced it under us: make or find the new one.
      await this.active(playerId, tx);
    }
    throw new Error('could not take a nonce');
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
