import type { Connection } from '../../db/client';

export type ChallengeRow = {
  id: string;
  member_id: bigint;
  ip: string;
  first_time_login: boolean;
  password_expired: boolean;
  code_method: 'sms' | 'email' | null;
  code_hash: string | null;
  code_expires_at: Date | null;
  sends: number;
  attempts: number;
  expires_at: Date;
  used_at: Date | null;
};

/** SQL for the addresses members sign in from and the challenges that admit a new one. */
export class LoginChallengeRepository {
  constructor(private readonly db: Connection) {}

  async knownIpCount(memberId: bigint): Promise<number> {
    const [row] = await this.db.query<{ n: bigint }>(
      'select count(*) as n from member_known_ips where member_id = $1',
      [memberId],
    );
    return Number(row?.n ?? 0);
  }

  /** Marks the address as seen; true when it was already known. */
  async touchKnownIp(memberId: bigint, ip: string): Promise<boolean> {
    const rows = await this.db.query<{ known: boolean }>(
      `insert into member_known_ips (member_id, ip) values ($1, $2)
       on conflict (member_id, ip) do update set last_seen_at = now()
       returning (xmax <> 0) as known`,
      [memberId, ip],
    );
    return rows[0]?.known ?? false;
  }

  async isKnownIp(memberId: bigint, ip: string): Promise<boolean> {
    const rows = await this.db.query('select 1 from member_known_ips where member_id = $1 and ip = $2', [
      memberId,
      ip,
    ]);
    return rows.length > 0;
  }

  async insertChallenge(c: {
    id: string;
    memberId: bigint;
    ip: string;
    userAgent: string;
    firstTimeLogin: boolean;
    passwordExpired: boolean;
    expiresAt: Date;
  }): Promise<void> {
    await this.db.query(
      `insert into login_challenges (id, member_id, ip, user_agent, first_time_login, password_expired, expires_at)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [c.id, c.memberId, c.ip, c.userAgent.slice(0, 256), c.firstTimeLogin, c.passwordExpired, c.expiresAt],
    );
  }

  async findChallenge(id: string): Promise<ChallengeRow | undefined> {
    return (await this.db.query<ChallengeRow>('select * from login_challenges where id = $1', [id]))[0];
  }

  async storeCode(id: string, method: 'sms' | 'email', codeHash: string, expiresAt: Date): Promise<void> {
    await this.db.query(
      `update login_challenges set code_method = $2, code_hash = $3, code_expires_at = $4, sends = sends + 1
        where id = $1`,
      [id, method, codeHash, expiresAt],
    );
  }

  async countAttempt(id: string): Promise<void> {
    await this.db.query('update login_challenges set attempts = attempts + 1 where id = $1', [id]);
  }

  /** Spends the challenge; true only for the first caller, so one challenge opens one session. */
  async consume(id: string): Promise<boolean> {
    const rows = await this.db.query(
      'update login_challenges set used_at = now() where id = $1 and used_at is null returning id',
      [id],
    );
    return rows.length === 1;
  }
}
