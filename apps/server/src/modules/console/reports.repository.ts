import type { MessageLanguage, RevenueGrouping } from '@sorte/shared';
import type { Connection } from '../../db/client';

/**
 * Reads of the reports' rollups (0052_report_rollups.sql); the console's refresh writes them (see
 * DashboardRepository.recompute). Every read is a range of a rollup's primary key: a few rows per
 * merchant and day, whatever the number of players or rounds.
 */

export type GameSumsRow = {
  merchantCode: string;
  currency: string;
  vendor: string;
  vendorName: string;
  gameCode: string | null;
  gameName: string | null;
  rounds: bigint;
  betCount: bigint;
  stakeAmount: bigint;
  winAmount: bigint;
};

export type BonusSumsRow = { merchantCode: string; currency: string; bonusAmount: bigint };

export type ChannelSumsRow = {
  merchantCode: string;
  currency: string;
  channel: string;
  depositCount: bigint;
  depositAmount: bigint;
  withdrawalCount: bigint;
  withdrawalAmount: bigint;
};

export type CohortDayRow = {
  merchantCode: string;
  day: string;
  registrations: number;
  firstDeposits: number;
  activeDay7: number;
  activeDay30: number;
};

export class ReportsRepository {
  constructor(private readonly db: Connection) {}

  /**
   * Rounds, bets, stakes and wins per merchant, currency and game (or vendor) over the days, with the
   * catalogue's names (the game's in `language`, else in English, else its code).
   */
  gameSums(
    merchantCodes: string[],
    from: string,
    to: string,
    groupBy: RevenueGrouping,
    language: MessageLanguage,
  ): Promise<GameSumsRow[]> {
    const byGame = groupBy === 'game';
    return this.db.query<GameSumsRow>(
      `with sums as (
         select merchant_code, trim(currency) as currency, vassalage, ${byGame ? 'game_code' : 'null::text as game_code'},
                sum(rounds)::bigint as rounds, sum(bet_count)::bigint as bet_count,
                sum(stake_amount)::bigint as stake_amount, sum(win_amount)::bigint as win_amount
           from daily_game_stats
          where merchant_code = any($1::text[]) and day between $2::date and $3::date
          group by 1, 2, 3, 4)
       select s.merchant_code as "merchantCode", s.currency, s.vassalage as vendor,
              coalesce(v.name, s.vassalage) as "vendorName", s.game_code as "gameCode",
              case when s.game_code is not null
                   then coalesce(g.names->>$4, g.names->>'EN', s.game_code) end as "gameName",
              s.rounds, s.bet_count as "betCount", s.stake_amount as "stakeAmount", s.win_amount as "winAmount"
         from sums s
         left join game_vendors v on v.vassalage = s.vassalage
         left join games g on g.vassalage = s.vassalage and g.game_code = s.game_code`,
      [merchantCodes, from, to, language],
    );
  }

  /** Bonuses per merchant and currency over the days (daily_stats, as the daily report sums them). */
  bonusSums(merchantCodes: string[], from: string, to: string): Promise<BonusSumsRow[]> {
    return this.db.query<BonusSumsRow>(
      `select merchant_code as "merchantCode", trim(currency) as currency, sum(bonus_amount)::bigint as "bonusAmount"
         from daily_stats
        where merchant_code = any($1::text[]) and day between $2::date and $3::date
        group by 1, 2`,
      [merchantCodes, from, to],
    );
  }

  /** Paid deposits and approved withdrawals per merchant, currency and channel over the days. */
  channelSums(merchantCodes: string[], from: string, to: string): Promise<ChannelSumsRow[]> {
    return this.db.query<ChannelSumsRow>(
      `select merchant_code as "merchantCode", trim(currency) as currency, channel,
              sum(deposit_count)::bigint as "depositCount", sum(deposit_amount)::bigint as "depositAmount",
              sum(withdrawal_count)::bigint as "withdrawalCount", sum(withdrawal_amount)::bigint as "withdrawalAmount"
         from daily_channel_stats
        where merchant_code = any($1::text[]) and day between $2::date and $3::date
        group by 1, 2, 3`,
      [merchantCodes, from, to],
    );
  }

  /** The cohort of each registration day from one day to another, oldest first. */
  cohortDays(merchantCodes: string[], from: string, to: string): Promise<CohortDayRow[]> {
    return this.db.query<CohortDayRow>(
      `select merchant_code as "merchantCode", to_char(cohort_day, 'YYYY-MM-DD') as day, registrations,
              first_deposits as "firstDeposits", active_day7 as "activeDay7", active_day30 as "activeDay30"
         from cohort_stats
        where merchant_code = any($1::text[]) and cohort_day between $2::date and $3::date
        order by cohort_day`,
      [merchantCodes, from, to],
    );
  }
}
