import type { Connection } from '../../db/client';

export type MemberRow = {
  id: bigint;
  merchant_code: string;
  username: string;
  mobile: string | null;
  email: string | null;
  password_hash: string;
  type: number;
  nickname: string | null;
  payee_name: string | null;
  invite_code: string | null;
  upline_id: bigint | null;
  first_login: boolean;
  must_change_password: boolean;
  password_changed_at: Date;
  created_at: Date;
  /** Blocked by an operator: no sign-in, no new session. */
  blocked: boolean;
};

export type NewMember = {
  merchantCode: string;
  username: string;
  mobile: string | null;
  email: string | null;
  passwordHash: string;
  paymentPasswordHash: string | null;
  type: number;
  nickname: string | null;
  payeeName: string | null;
  birthday: string | null;
  affiliateCode: string | null;
  referralCode: string | null;
  profile: Record<string, string>;
  registrationIp: string;
  uplineId: bigint | null;
};

export type SessionRow = {
  id: bigint;
  member_id: bigint;
  last_seen_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
};

export type MerchantSettingsRow = {
  whitelabel: Record<string, boolean>;
  register_rules: Record<string, unknown>;
  minimum_age: number;
  password_expiry_days: number | null;
};

/** SQL for members, sessions, captchas and merchant sign-up settings. */
export class AuthRepository {
  private readonly revokedListeners: Array<(tokenHashes: string[]) => void> = [];

  constructor(private readonly db: Connection) {}

  /**
   * Hears every session this repository ends (logout, password change, a reset, an exclusion), with
   * the sessions' token hashes: the live channel closes their sockets at once. Every path that ends
   * sessions goes through here, so none can forget to.
   */
  onSessionsRevoked(listener: (tokenHashes: string[]) => void): void {
    this.revokedListeners.push(listener);
  }

  private announceRevoked(tokenHashes: string[]): void {
    if (tokenHashes.length) for (const listener of this.revokedListeners) listener(tokenHashes);
  }

  async findMerchantSettings(merchantCode: string): Promise<MerchantSettingsRow | undefined> {
    return (
      await this.db.query<MerchantSettingsRow>(
        'select whitelabel, register_rules, minimum_age, password_expiry_days from merchant_settings where merchant_code = $1',
        [merchantCode],
      )
    )[0];
  }

  /** Inserts a member; undefined when the username (or mobile) is already taken in this merchant. */
  async insertMember(m: NewMember): Promise<MemberRow | undefined> {
    const rows = await this.db.query<MemberRow>(
      `insert into members (merchant_code, username, username_key, mobile, email, password_hash,
         payment_password_hash, type, nickname, payee_name, birthday, affiliate_code, referral_code, profile,
         registration_ip, upline_id)
       values ($1, $2, lower($2), $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
       on conflict do nothing
       returning *`,
      [
        m.merchantCode,
        m.username,
        m.mobile,
        m.email,
        m.passwordHash,
        m.paymentPasswordHash,
        m.type,
        m.nickname,
        m.payeeName,
        m.birthday,
        m.affiliateCode,
        m.referralCode,
        JSON.stringify(m.profile),
        m.registrationIp,
        m.uplineId,
      ],
    );
    return rows[0];
  }

  async findMemberByUsername(merchantCode: string, username: string): Promise<MemberRow | undefined> {
    return (
      await this.db.query<MemberRow>(
        'select * from members where merchant_code = $1 and username_key = lower($2)',
        [merchantCode, username],
      )
    )[0];
  }

  async findMemberByMobile(merchantCode: string, mobile: string): Promise<MemberRow | undefined> {
    return (
      await this.db.query<MemberRow>('select * from members where merchant_code = $1 and mobile = $2', [
        merchantCode,
        mobile,
      ])
    )[0];
  }

  async findMemberById(id: bigint): Promise<MemberRow | undefined> {
    return (await this.db.query<MemberRow>('select * from members where id = $1', [id]))[0];
  }

  async markLoggedIn(id: bigint): Promise<void> {
    await this.db.query('update members set first_login = false where id = $1 and first_login', [id]);
  }

  /**
   * Opens a session unless the member is blocked (an operator's decision): false then. One statement,
   * so a block landing between a sign-in's checks and its session still keeps the session out.
   */
  async insertSession(s: {
    tokenHash: string;
    memberId: bigint;
    expiresAt: Date;
    ip: string;
    userAgent: string;
  }): Promise<boolean> {
    const rows = await this.db.query(
      `insert into member_sessions (token_hash, member_id, expires_at, ip, user_agent)
       select $1, id, $3, $4, $5 from members where id = $2 and not blocked
       returning member_id`,
      [s.tokenHash, s.memberId, s.expiresAt, s.ip, s.userAgent.slice(0, 256)],
    );
    return rows.length === 1;
  }

  async findSession(tokenHash: string): Promise<SessionRow | undefined> {
    return (
      await this.db.query<SessionRow>(
        'select id, member_id, last_seen_at, expires_at, revoked_at from member_sessions where token_hash = $1',
        [tokenHash],
      )
    )[0];
  }

  /** Sets a password; `mustChange` when it is one we chose (an e-mailed reset), not the member. */
  async updatePassword(memberId: bigint, passwordHash: string, { mustChange = false } = {}): Promise<void> {
    await this.db.query(
      `update members set password_hash = $2, must_change_password = $3, password_changed_at = now()
        where id = $1`,
      [memberId, passwordHash, mustChange],
    );
  }

  async countUnreadMessages(memberId: bigint): Promise<number> {
    const [row] = await this.db.query<{ n: bigint }>(
      'select count(*) as n from member_messages where member_id = $1 and read_at is null',
      [memberId],
    );
    return Number(row?.n ?? 0);
  }

  async findAgentByInviteCode(merchantCode: string, code: string): Promise<MemberRow | undefined> {
    return (
      await this.db.query<MemberRow>(
        'select * from members where merchant_code = $1 and upper(invite_code) = upper($2)',
        [merchantCode, code],
      )
    )[0];
  }

  /** Ends every live session of a member except the one named (all of them when it is null). */
  async revokeSessionsOf(memberId: bigint, exceptTokenHash: string | null): Promise<void> {
    const rows = await this.db.query<{ token_hash: string }>(
      `update member_sessions set revoked_at = now()
        where member_id = $1 and revoked_at is null and ($2::text is null or token_hash <> $2)
        returning token_hash`,
      [memberId, exceptTokenHash],
    );
    this.announceRevoked(rows.map((row) => row.token_hash));
  }

  async touchSession(id: bigint): Promise<void> {
    await this.db.query('update member_sessions set last_seen_at = now() where id = $1', [id]);
  }

  async revokeSession(tokenHash: string): Promise<boolean> {
    const rows = await this.db.query(
      'update member_sessions set revoked_at = now() where token_hash = $1 and revoked_at is null returning id',
      [tokenHash],
    );
    if (rows.length > 0) this.announceRevoked([tokenHash]);
    return rows.length > 0;
  }

  async insertCaptcha(id: string, answerHash: string, expiresAt: Date): Promise<void> {
    await this.db.query('insert into captchas (id, answer_hash, expires_at) values ($1, $2, $3)', [
      id,
      answerHash,
      expiresAt,
    ]);
  }

  /** Uses a captcha up: true only for the first use of an unexpired captcha with the right answer. */
  async consumeCaptcha(id: string, answerHash: string): Promise<boolean> {
    const rows = await this.db.query(
      `update captchas set used_at = now()
        where id = $1 and answer_hash = $2 and used_at is null and expires_at > now() returning id`,
      [id, answerHash],
    );
    return rows.length > 0;
  }

  async deleteExpiredCaptchas(): Promise<void> {
    await this.db.query("delete from captchas where expires_at < now() - interval '1 hour'");
  }
}
