import { createHash, randomBytes } from 'node:crypto';
import type { StudioDatabase } from '../db/client';
import { StudioError } from '../errors';

export type StudioSession = {
  playerId: string;
  currency: string;
  gameCode: string;
};

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Touch `last_used_at` at most this often (a write per request would be wasted). */
const TOUCH_EVERY_SECONDS = 60;

/** Sessions kept in memory at most (the oldest confirmed goes first). */
const KEPT_SESSIONS = 10_000;

/**
 * Studio sessions: an opaque token (192 bits from the CSPRNG, base64url) handed to the frame after
 * the platform authenticated its launch token. Only the SHA-256 is stored; a session ends after
 * `idleHours` without use.
 */
export class SessionService {
  /**
   * Sessions seen live in the database, by token hash, with when (Date.now()). A session ends only by
   * going idle (nothing revokes one), and one seen live has last been used at most a minute before:
   * it is certainly live for `keepMs` after that, so a game's requests in that time (a bet is several)
   * need no read of the database to find it.
   */
  private readonly confirmed = new Map<string, { session: StudioSession; at: number }>();
  private readonly keepMs: number;

  constructor(
    private readonly db: StudioDatabase,
    private readonly idleHours: number,
  ) {
    this.keepMs = Math.max(0, Math.min(TOUCH_EVERY_SECONDS, idleHours * 3600 - TOUCH_EVERY_SECONDS)) * 1000;
  }

  async create(session: StudioSession): Promise<string> {
    const token = randomBytes(24).toString('base64url');
    await this.db.query(
      'insert into studio_sessions (token_hash, player_id, currency, game_code) values ($1, $2, $3, $4)',
      [hashToken(token), session.playerId, session.currency, session.gameCode],
    );
    return token;
  }

  /** The live session of a token, or null. */
  async find(token: string | undefined): Promise<StudioSession | null> {
    if (!token || !/^[A-Za-z0-9_-]{16,128}$/.test(token)) return null;
    const tokenHash = hashToken(token);
    const kept = this.confirmed.get(tokenHash);
    if (kept && Date.now() - kept.at < this.keepMs) return kept.session;
    const [row] = await this.db.query<{
      player_id: string;
      currency: string;
      game_code: string;
      stale: boolean;
    }>(
      `select player_id, currency, game_code,
              last_used_at < now() - make_interval(secs => $3) as stale
         from studio_sessions
        where token_hash = $1 and last_used_at > now() - make_interval(secs => $2)`,
      [tokenHash, this.idleHours * 3600, TOUCH_EVERY_SECONDS],
    );
    if (!row) {
      this.confirmed.delete(tokenHash);
      return null;
    }
    if (row.stale)
      await this.db.query('update studio_sessions set last_used_at = now() where token_hash = $1', [
        tokenHash,
      ]);
    const session = { playerId: row.player_id, currency: row.currency, gameCode: row.game_code };
    this.confirmed.delete(tokenHash);
    this.confirmed.set(tokenHash, { session, at: Date.now() });
    if (this.confirmed.size > KEPT_SESSIONS) {
      const oldest = this.confirmed.keys().next().value;
      if (oldest !== undefined) this.confirmed.delete(oldest);
    }
    return session;
  }

  async require(token: string | undefined): Promise<StudioSession> {
    const session = await this.find(token);
    if (!session)
      throw new StudioError(
        401,
        'SESSION_REQUIRED',
        'No live game session: open the game again from the lobby.',
      );
    return session;
  }

  /** Deletes sessions long past their idle limit. */
  async purge(): Promise<void> {
    await this.db.query(
      'delete from studio_sessions where last_used_at < now() - make_interval(secs => $1)',
      [this.idleHours * 3600 * 2],
    );
  }
}
