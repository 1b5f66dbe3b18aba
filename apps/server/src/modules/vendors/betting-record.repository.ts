import type { GameType } from '@sorte/shared';
import type { Connection } from '../../db/client';

export type RoundRow = {
  round_id: string;
  vassalage: string;
  game_code: string;
  game_type: GameType;
  stake: bigint;
  payout: bigint;
  status: 'open' | 'closed' | 'cancelled';
  opened_at: Date;
  closed_at: Date | null;
  names: Record<string, string> | null;
};

export type RoundFilter = { memberId: bigint; from: Date; to: Date; gameType: GameType | undefined };

export type RoundTotals = { total: number; stake: bigint; payout: bigint };

const where = `r.member_id = $1 and r.opened_at >= $2 and r.opened_at < $3
               and ($4::text is null or r.game_type = $4)`;
const params = (f: RoundFilter) => [f.memberId, f.from, f.to, f.gameType ?? null];

/** A member's game rounds. Every query is bound to one member id: there is no other way in. */
export class BettingRecordRepository {
  constructor(private readonly db: Connection) {}

  async totals(filter: RoundFilter): Promise<RoundTotals> {
    const [row] = await this.db.query<RoundTotals>(
      `select count(*)::int as total, coalesce(sum(r.stake), 0)::bigint as stake,
              coalesce(sum(r.payout), 0)::bigint as payout
         from vendor_rounds r where ${where}`,
      params(filter),
    );
    return row ?? { total: 0, stake: 0n, payout: 0n };
  }

  list(filter: RoundFilter, page: { limit: number; offset: number }): Promise<RoundRow[]> {
    return this.db.query<RoundRow>(
      `select r.round_id, r.vassalage, r.game_code, r.game_type, r.stake, r.payout, r.status, r.opened_at,
              r.closed_at, g.names
         from vendor_rounds r left join games g on g.node_id = r.node_id
        where ${where}
        order by r.opened_at desc, r.id desc
        limit $5 offset $6`,
      [...params(filter), page.limit, page.offset],
    );
  }
}
