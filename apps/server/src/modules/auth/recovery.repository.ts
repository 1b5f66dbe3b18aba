import type { Connection } from '../../db/client';

/** SQL for e-mailed password-reset links and account-unlock codes (both stored hashed only). */
export class RecoveryRepository {
  constructor(private readonly db: Connection) {}

  async insertResetToken(memberId: bigint, tokenHash: string, expiresAt: Date): Promise<void> {
    await this.db.query(
      'insert into password_reset_tokens (member_id, token_hash, expires_at) values ($1, $2, $3)',
      [memberId, tokenHash, expiresAt],
    );
  }

  /**
   * Spends an unexpired, unused reset token and every other open one of the same member (an older
   * link must not work after a newer one was used); answers the member, once.
   */
  async consumeResetToken(tokenHash: string): Promise<bigint | null> {
    const rows = await this.db.query<{ member_id: bigint }>(
      `update password_reset_tokens set used_at = now()
        where token_hash = $1 and used_at is null and expires_at > now() returning member_id`,
      [tokenHash],
    );
    const memberId = rows[0]?.member_id ?? null;
    if (memberId !== null) {
      await this.db.query(
        'update password_reset_tokens set used_at = now() where member_id = $1 and used_at is null',
        [memberId],
      );
    }
    return memberId;
  }

  /** Whether a token would be accepted now, without spending it (the reset page checks first). */
  async resetTokenUsable(tokenHash: string): Promise<boolean> {
    const rows = await this.db.query(
      'select 1 from password_reset_tokens where token_hash = $1 and used_at is null and expires_at > now()',
      [tokenHash],
    );
    return rows.length > 0;
  }

  async insertUnlockCode(memberId: bigint, codeHash: string, expiresAt: Date): Promise<void> {
    await this.db.query(
      'insert into account_unlock_codes (member_id, code_hash, expires_at) values ($1, $2, $3)',
      [memberId, codeHash, expiresAt],
    );
  }

  async latestUnlockCode(
    memberId: bigint,
  ): Promise<{ id: bigint; code_hash: string; attempts: number } | undefined> {
    return (
      await this.db.query<{ id: bigint; code_hash: string; attempts: number }>(
        `select id, code_hash, attempts from account_unlock_codes
          where member_id = $1 and used_at is null and expires_at > now() order by id desc limit 1`,
        [memberId],
      )
    )[0];
  }

  async countUnlockAttempt(id: bigint): Promise<void> {
    await this.db.query('update account_unlock_codes set attempts = attempts + 1 where id = $1', [id]);
  }

  async consumeUnlockCode(id: bigint): Promise<boolean> {
    const rows = await this.db.query(
      'update account_unlock_codes set used_at = now() where id = $1 and used_at is null returning id',
      [id],
    );
    return rows.length === 1;
  }
}
