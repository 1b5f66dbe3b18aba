import type { Connection } from '../../db/client';

/** SQL of the register centre: the merchant's default password and the new account's agent fields. */
export class RegisterCentreRepository {
  constructor(private readonly db: Connection) {}

  async defaultPasswordOf(merchantCode: string): Promise<string | undefined> {
    const [row] = await this.db.query<{ default_member_password: string }>(
      'select default_member_password from merchant_settings where merchant_code = $1',
      [merchantCode],
    );
    return row?.default_member_password;
  }

  /**
   * Marks an account the agent just created: its type, its invitation code (agents only) and the
   * first-login password change the default password calls for.
   */
  async markCreatedByAgent(memberId: bigint, type: number, inviteCode: string | null): Promise<void> {
    await this.db.query(
      `update members set type = $2, invite_code = $3, must_change_password = true where id = $1`,
      [memberId, type, inviteCode],
    );
  }
}
