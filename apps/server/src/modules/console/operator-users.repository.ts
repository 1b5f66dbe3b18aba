import type { Database } from '../../db/client';
import { inTransaction } from '../../db/in-transaction';

export type OperatorUserRow = {
  id: string;
  username: string;
  passwordHash: string;
  roles: string[];
  merchantCode: string | null;
  totpSecretSealed: string | null;
  totpLastStep: string | null;
  disabledAt: Date | null;
  createdAt: Date;
  lastSignInAt: Date | null;
};

const USER_COLUMNS = `id::text as id, username, password_hash as "passwordHash", roles,
  merchant_code as "merchantCode", totp_secret_sealed as "totpSecretSealed",
  totp_last_step::text as "totpLastStep", disabled_at as "disabledAt", created_at as "createdAt",
  last_sign_in_at as "lastSignInAt"`;

export type ChallengeRow = {
  operatorId: string;
  enrolSecretSealed: string | null;
  attempts: number;
  expiresAt: Date;
};

export type OperatorSessionRow = {
  operatorId: string;
  lastSeenAt: Date;
  expiresAt: Date;
  endedAt: Date | null;
};

/** SQL for operator users, their sign-in challenges, recovery codes and sessions. */
export class OperatorUsersRepository {
  constructor(private readonly db: Database) {}

  async byUsername(username: string): Promise<OperatorUserRow | undefined> {
    const [row] = await this.db.query<OperatorUserRow>(
      `select ${USER_COLUMNS} from operator_users where username = $1`,
      [username],
    );
    return row;
  }

  async byId(id: string): Promise<OperatorUserRow | undefined> {
    const [row] = await this.db.query<OperatorUserRow>(
      `select ${USER_COLUMNS} from operator_users where id = $1`,
      [id],
    );
    return row;
  }

  async count(): Promise<number> {
    const [row] = await this.db.query<{ n: number }>('select count(*)::int as n from operator_users');
    return row?.n ?? 0;
  }

  async page(offset: number, limit: number): Promise<{ rows: OperatorUserRow[]; total: number }> {
    const rows = await this.db.query<OperatorUserRow>(
      `select ${USER_COLUMNS} from operator_users order by id limit $1 offset $2`,
      [limit, offset],
    );
    return { rows, total: await this.count() };
  }

  /** Undefined when the username is taken. */
  async insert(user: {
    username: string;
    passwordHash: string;
    roles: string[];
    merchantCode: string | null;
    createdBy: string;
  }): Promise<OperatorUserRow | undefined> {
    const [row] = await this.db.query<OperatorUserRow>(
      `insert into operator_users (username, password_hash, roles, merchant_code, created_by)
       values ($1, $2, $3, $4, $5)
       on conflict (username) do nothing
       returning ${USER_COLUMNS}`,
      [user.username, user.passwordHash, user.roles, user.merchantCode, user.createdBy],
    );
    return row;
  }

  async update(
    id: string,
    change: { roles?: string[]; merchantCode?: string | null; disabled?: boolean },
  ): Promise<OperatorUserRow | undefined> {
    const [row] = await this.db.query<OperatorUserRow>(
      `update operator_users set
         roles = coalesce($2, roles),
         merchant_code = case when $3 then $4 else merchant_code end,
         disabled_at = case when $5::boolean is null then disabled_at
                            when $5 then coalesce(disabled_at, now()) else null end
       where id = $1
       returning ${USER_COLUMNS}`,
      [
        id,
        change.roles ?? null,
        change.merchantCode !== undefined,
        change.merchantCode ?? null,
        change.disabled ?? null,
      ],
    );
    return row;
  }

  /** A new password, and the second factor and recovery codes gone: the CLI's reset. */
  async resetCredentials(id: string, passwordHash: string): Promise<void> {
    await this.db.query(
      `update operator_users set password_hash = $2, totp_secret_sealed = null, totp_last_step = null,
         disabled_at = null where id = $1`,
      [id, passwordHash],
    );
    await this.db.query('delete from operator_recovery_codes where operator_id = $1', [id]);
    await this.endSessions(id);
  }

  /**
   * Takes a TOTP step for this operator if it is later than the last one taken: false when that
   * step (or a later one) was already used, so a code seen over a shoulder is worth nothing.
   */
  async takeTotpStep(id: string, step: number): Promise<boolean> {
    const rows = await this.db.query(
      `update operator_users set totp_last_step = $2
        where id = $1 and (totp_last_step is null or totp_last_step < $2) returning id`,
      [id, step],
    );
    return rows.length === 1;
  }

  /** Enrolment done: the secret kept, its first code's step taken, ten recovery codes in place of any old ones. */
  async enrol(
    id: string,
    secretSealed: string,
    step: number,
    recoveryCodeHashes: string[],
  ): Promise<boolean> {
    return inTransaction(this.db, async (tx) => {
      const rows = await tx.query(
        `update operator_users set totp_secret_sealed = $2, totp_last_step = $3
          where id = $1 and totp_secret_sealed is null returning id`,
        [id, secretSealed, step],
      );
      if (rows.length !== 1) return false;
      await tx.query('delete from operator_recovery_codes where operator_id = $1', [id]);
      await tx.query(
        `insert into operator_recovery_codes (operator_id, code_hash)
         select $1, unnest($2::text[])`,
        [id, recoveryCodeHashes],
      );
      return true;
    });
  }

  /** Uses a recovery code once: false when it is not one of this operator's, or was used. */
  async useRecoveryCode(id: string, codeHash: string): Promise<boolean> {
    const rows = await this.db.query(
      `update operator_recovery_codes set used_at = now()
        where operator_id = $1 and code_hash = $2 and used_at is null returning code_hash`,
      [id, codeHash],
    );
    return rows.length === 1;
  }

  async signedIn(id: string): Promise<void> {
    await this.db.query('update operator_users set last_sign_in_at = now() where id = $1', [id]);
  }

  // --- challenges -------------------------------------------------------------------------------

  async insertChallenge(c: {
    challengeHash: string;
    operatorId: string;
    enrolSecretSealed: string | null;
    expiresAt: Date;
  }): Promise<void> {
    await this.db.query('delete from operator_sign_in_challenges where expires_at < now()');
    await this.db.query(
      `insert into operator_sign_in_challenges (challenge_hash, operator_id, enrol_secret_sealed, expires_at)
       values ($1, $2, $3, $4)`,
      [c.challengeHash, c.operatorId, c.enrolSecretSealed, c.expiresAt],
    );
  }

  /** Counts an attempt on the challenge and answers it as it was before (undefined: none). */
  async attemptChallenge(challengeHash: string): Promise<ChallengeRow | undefined> {
    const [row] = await this.db.query<ChallengeRow>(
      `update operator_sign_in_challenges set attempts = attempts + 1 where challenge_hash = $1
       returning operator_id::text as "operatorId", enrol_secret_sealed as "enrolSecretSealed",
                 attempts - 1 as attempts, expires_at as "expiresAt"`,
      [challengeHash],
    );
    return row;
  }

  async deleteChallenge(challengeHash: string): Promise<void> {
    await this.db.query('delete from operator_sign_in_challenges where challenge_hash = $1', [challengeHash]);
  }

  // --- sessions ---------------------------------------------------------------------------------

  async insertSession(s: {
    tokenHash: string;
    operatorId: string;
    ip: string;
    userAgent: string;
    now: Date;
    expiresAt: Date;
  }): Promise<void> {
    await this.db.query(
      `insert into operator_sessions (token_hash, operator_id, ip, user_agent, created_at, last_seen_at, expires_at)
       values ($1, $2, $3, $4, $5, $5, $6)`,
      [s.tokenHash, s.operatorId, s.ip, s.userAgent.slice(0, 256), s.now, s.expiresAt],
    );
  }

  async session(tokenHash: string): Promise<OperatorSessionRow | undefined> {
    const [row] = await this.db.query<OperatorSessionRow>(
      `select operator_id::text as "operatorId", last_seen_at as "lastSeenAt", expires_at as "expiresAt",
              ended_at as "endedAt"
         from operator_sessions where token_hash = $1`,
      [tokenHash],
    );
    return row;
  }

  async touchSession(tokenHash: string, now: Date): Promise<void> {
    await this.db.query('update operator_sessions set last_seen_at = $2 where token_hash = $1', [
      tokenHash,
      now,
    ]);
  }

  async endSession(tokenHash: string): Promise<void> {
    await this.db.query(
      'update operator_sessions set ended_at = now() where token_hash = $1 and ended_at is null',
      [tokenHash],
    );
  }

  async endSessions(operatorId: string): Promise<void> {
    await this.db.query(
      'update operator_sessions set ended_at = now() where operator_id = $1 and ended_at is null',
      [operatorId],
    );
  }
}
