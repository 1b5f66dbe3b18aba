import type { Connection } from '../../db/client';
import type { SmsPurpose } from './verification.service';

export type SmsCodeRow = { id: bigint; code_hash: string; attempts: number };

/** The SQL of one-time SMS codes (table sms_codes). */
export class VerificationRepository {
  constructor(private readonly db: Connection) {}

  /** A new code row, its hash still empty (the hash covers the id, known only once inserted). */
  async insertCode(
    merchantCode: string,
    mobile: string,
    purpose: SmsPurpose,
    expiresMinutes: number,
  ): Promise<bigint> {
    const [row] = await this.db.query<{ id: bigint }>(
      `insert into sms_codes (merchant_code, mobile, purpose, code_hash, expires_at)
       values ($1, $2, $3, '', now() + make_interval(mins => $4)) returning id`,
      [merchantCode, mobile, purpose, expiresMinutes],
    );
    return (row as { id: bigint }).id;
  }

  async setCodeHash(id: bigint, codeHash: string): Promise<void> {
    await this.db.query('update sms_codes set code_hash = $2 where id = $1', [id, codeHash]);
  }

  /** The latest unused, unexpired code for this number and purpose. */
  async latestCode(
    merchantCode: string,
    mobile: string,
    purpose: SmsPurpose,
  ): Promise<SmsCodeRow | undefined> {
    const [latest] = await this.db.query<SmsCodeRow>(
      `select id, code_hash, attempts from sms_codes
        where merchant_code = $1 and mobile = $2 and purpose = $3 and used_at is null and expires_at > now()
        order by id desc limit 1`,
      [merchantCode, mobile, purpose],
    );
    return latest;
  }

  async countWrongGuess(id: bigint): Promise<void> {
    await this.db.query('update sms_codes set attempts = attempts + 1 where id = $1', [id]);
  }

  /** Spends a code; the conditional update makes two simultaneous uses of one code succeed once. */
  async spend(id: bigint): Promise<boolean> {
    const used = await this.db.query(
      'update sms_codes set used_at = now() where id = $1 and used_at is null returning id',
      [id],
    );
    return used.length === 1;
  }
}
