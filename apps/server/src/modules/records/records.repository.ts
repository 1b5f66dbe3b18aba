import type { GameType } from '@sorte/shared';
import type { Connection } from '../../db/client';

export type ProfitRow = { day: string; game_type: GameType; stake: bigint; payout: bigint; rounds: number };

/** SQL of the records (ledger reads go through the ledger's service). Every read is bound to a member. */
export class RecordsRepository {
  constructor(private readonly db: Connection) {}

  /** The member's game rounds summed by calendar day (in the time zone) and game type. */
  profitByDay(f: {
    memberId: bigint;
    from: Date;
    to: Date;
    gameType: GameType | null;
    timeZone: string;
  }): Promise<ProfitRow[]> {
    return this.db.query<ProfitRow>(
      `select to_char(r.opened_at at time zone $5, 'YYYY-MM-DD') as day, r.game_type,
              sum(r.stake)::bigint as stake, sum(r.payout)::bigint as payout, count(*)::int as rounds
         from vendor_rounds r
        where r.member_id = $1 and r.opened_at >= $2 and r.opened_at < $3
          and ($4::text is null or r.game_type = $4) and r.status <> 'cancelled'
        group by 1, 2
        order by 1 desc, 2`,
      [f.memberId, f.from, f.to, f.gameType, f.timeZone],
    );
  }
}
