import type { Connection } from '../../db/client';

export type WalletVendorOpsRow = {
  code: string;
  name: string;
  catalogue_vendors: string[];
  enabled: boolean;
  has_stored_secret: boolean;
  secret_rotated_at: Date | null;
  previous_secret_until: Date | null;
};

const columns = `code, name, catalogue_vendors, enabled, secret is not null as has_stored_secret,
  secret_rotated_at, previous_secret_until`;

/** SQL of the console's wallet vendors: never selects a secret, only whether one is stored. */
export class WalletVendorsOpsRepository {
  constructor(private readonly db: Connection) {}

  list(): Promise<WalletVendorOpsRow[]> {
    return this.db.query<WalletVendorOpsRow>(`select ${columns} from wallet_vendors order by code`);
  }

  async find(code: string): Promise<WalletVendorOpsRow | undefined> {
    return (
      await this.db.query<WalletVendorOpsRow>(`select ${columns} from wallet_vendors where code = $1`, [code])
    )[0];
  }

  /**
   * The new secret becomes the vendor's; the one it replaces stays accepted until `overlapUntil`. A
   * rotation during an overlap drops the oldest. Only a stored secret rotates (false otherwise).
   */
  async rotate(code: string, secret: string, overlapUntil: Date): Promise<boolean> {
    const rows = await this.db.query(
      `update wallet_vendors
          set previous_secret = secret, previous_secret_until = $3, secret = $2, secret_rotated_at = now()
        where code = $1 and secret is not null
        returning 1`,
      [code, secret, overlapUntil],
    );
    return rows.length > 0;
  }
}
