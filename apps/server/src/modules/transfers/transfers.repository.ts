import type { Connection } from '../../db/client';

export type TransferParty = {
  id: bigint;
  merchant_code: string;
  username: string;
  type: number;
  upline_id: bigint | null;
  blocked: boolean;
  payment_password_hash: string | null;
};

export type TransferVendorRow = { vassalage: string; name: string };

/** SQL of member transfers: who may send to whom, and where. The money itself is the ledger's. */
export class TransfersRepository {
  constructor(private readonly db: Connection) {}

  async isSingleWallet(merchantCode: string): Promise<boolean> {
    const [row] = await this.db.query<{ single_wallet: boolean }>(
      'select single_wallet from merchant_settings where merchant_code = $1',
      [merchantCode],
    );
    return row?.single_wallet ?? true;
  }

  /**
   * Vendors with a transfer wallet at a merchant: enabled vendors the merchant offers, except those
   * a seamless wallet vendor runs (their games use the main wallet directly).
   */
  transferVendors(merchantCode: string): Promise<TransferVendorRow[]> {
    return this.db.query<TransferVendorRow>(
      `select v.vassalage, v.name
         from game_vendors v
        where v.enabled
          and exists (select 1 from merchant_vendor_sorting s
                       where s.merchant_code = $1 and s.vassalage = v.vassalage)
          and not exists (select 1 from wallet_vendors w
                           where w.enabled and v.vassalage = any(w.catalogue_vendors))
        order by v.sort, v.vassalage`,
      [merchantCode],
    );
  }

  async findParty(memberId: bigint): Promise<TransferParty | undefined> {
    const [row] = await this.db.query<TransferParty>(
      `select id, merchant_code, username, type, upline_id, blocked, payment_password_hash
         from members where id = $1`,
      [memberId],
    );
    return row;
  }
}
