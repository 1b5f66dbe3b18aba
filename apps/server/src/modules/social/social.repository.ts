import type { OidcChannel, SocialChannel } from '@sorte/shared';
import type { Connection } from '../../db/client';

export type SocialIdentityRow = {
  id: bigint;
  merchant_code: string;
  channel: SocialChannel;
  subject: string;
  member_id: bigint;
  email: string | null;
  created_at: Date;
};

export type LoginStateRow = {
  state: string;
  channel: OidcChannel;
  merchant_code: string;
  nonce: string;
  code_verifier: string;
  return_to: string;
};

/** SQL for social identities and the state of OpenID Connect sign-ins under way. */
export class SocialRepository {
  constructor(private readonly db: Connection) {}

  async findIdentity(
    merchantCode: string,
    channel: SocialChannel,
    subject: string,
  ): Promise<SocialIdentityRow | undefined> {
    return (
      await this.db.query<SocialIdentityRow>(
        'select * from social_identities where merchant_code = $1 and channel = $2 and subject = $3',
        [merchantCode, channel, subject],
      )
    )[0];
  }

  /** Links an account to a member; undefined when another request linked it first. */
  async insertIdentity(i: {
    merchantCode: string;
    channel: SocialChannel;
    subject: string;
    memberId: bigint;
    email: string | null;
  }): Promise<SocialIdentityRow | undefined> {
    const rows = await this.db.query<SocialIdentityRow>(
      `insert into social_identities (merchant_code, channel, subject, member_id, email)
       values ($1, $2, $3, $4, $5)
       on conflict (merchant_code, channel, subject) do nothing
       returning *`,
      [i.merchantCode, i.channel, i.subject, i.memberId, i.email],
    );
    return rows[0];
  }

  async updateIdentityEmail(id: bigint, email: string | null): Promise<void> {
    await this.db.query(
      'update social_identities set email = $2 where id = $1 and email is distinct from $2',
      [id, email],
    );
  }

  /**
   * Removes a member this request created but could not link because a concurrent sign-in of the
   * same account linked its own first. The member is seconds old: no wallet, session or history.
   */
  async deleteUnlinkedMember(memberId: bigint): Promise<void> {
    await this.db.query(
      'delete from members where id = $1 and not exists (select 1 from social_identities where member_id = $1)',
      [memberId],
    );
  }

  async insertLoginState(s: LoginStateRow & { expiresAt: Date }): Promise<void> {
    await this.db.query(
      `insert into social_login_states (state, channel, merchant_code, nonce, code_verifier, return_to, expires_at)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [s.state, s.channel, s.merchant_code, s.nonce, s.code_verifier, s.return_to, s.expiresAt],
    );
  }

  /** Uses a state up: the row only for the first use of an unexpired state of that channel. */
  async consumeLoginState(state: string, channel: OidcChannel): Promise<LoginStateRow | undefined> {
    return (
      await this.db.query<LoginStateRow>(
        `update social_login_states set used_at = now()
          where state = $1 and channel = $2 and used_at is null and expires_at > now()
          returning state, channel, merchant_code, nonce, code_verifier, return_to`,
        [state, channel],
      )
    )[0];
  }

  /** Used and expired states are kept an hour (for investigating a failed sign-in), then dropped. */
  async deleteOldLoginStates(): Promise<void> {
    await this.db.query("delete from social_login_states where expires_at < now() - interval '1 hour'");
  }
}
